/*
 * The OTLP mapping stores a span's trace id as the UUID of its 32 hex digits and its span id as the
 * UUID of 16 zeros and its 16 hex digits. Clients that hold the OTLP ids themselves name them in
 * hex: the current Langfuse SDK, built on OpenTelemetry, reports `span.traceId` and `span.id` so,
 * and creates scores with them. A read that names an id therefore matches both of its forms; an id
 * in neither shape has only itself. Hex is compared as OTLP writes it: lower case.
 */

const HEX32 = /^[0-9a-fA-F]{32}$/;
const HEX16 = /^[0-9a-fA-F]{16}$/;
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const SPAN_UUID_PREFIX = '00000000-0000-0000-';

const uuidOfHex = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`.toLowerCase();

/** A trace id and, for 32 hex digits or a UUID, its other OTLP form (UUID ↔ hex). */
export function traceIdForms(id: string): [string] | [string, string] {
  if (HEX32.test(id)) return [id, uuidOfHex(id)];
  if (UUID.test(id)) return [id, id.replaceAll('-', '').toLowerCase()];
  return [id];
}

/**
 * An observation id and, for 16 hex digits (a span id) or a UUID of 16 zeros and 16 hex digits,
 * its other OTLP form.
 */
export function observationIdForms(id: string): [string] | [string, string] {
  if (HEX16.test(id)) return [id, uuidOfHex(`0000000000000000${id}`)];
  if (UUID.test(id) && id.startsWith(SPAN_UUID_PREFIX)) return [id, id.slice(19).replaceAll('-', '').toLowerCase()];
  return [id];
}

/** Every form of each of `ids` (traceIdForms or observationIdForms), each once. */
export function allIdForms(ids: Iterable<string>, forms: (id: string) => string[]): string[] {
  const out = new Set<string>();
  for (const id of ids) for (const form of forms(id)) out.add(form);
  return [...out];
}
