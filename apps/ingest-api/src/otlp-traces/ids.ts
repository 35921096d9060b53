/**
 * OTLP ids to ours (docs/api.md, OTLP): a trace id is 16 bytes, a span id 8. Protobuf carries bytes;
 * OTLP/JSON carries lowercase hex, and some senders use the protobuf JSON mapping's base64 instead,
 * so both are accepted (their lengths never collide: 32/16 hex digits vs 24/12 base64 characters).
 */

export const TRACE_ID_BYTES = 16;
export const SPAN_ID_BYTES = 8;

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += HEX[bytes[i]!];
  return out;
}

const BASE64_RE = /^[A-Za-z0-9+/_-]+={0,2}$/;

const ZEROS_RE = /^0+$/;

/** The id as lowercase hex of exactly `size` bytes, all zero included; `''` when absent, `null` when malformed. */
function anyIdToHex(value: Uint8Array | string | null | undefined, size: number): string | null {
  if (value === null || value === undefined || value.length === 0) return '';
  if (typeof value !== 'string') {
    if (value.length !== size) return null;
    // Protobuf ids arrive as Buffer views: native hex, no string built digit by digit.
    return Buffer.isBuffer(value) ? value.toString('hex') : bytesToHex(value);
  }
  if (value.length === size * 2 && /^[0-9a-fA-F]+$/.test(value)) return value.toLowerCase();
  if (!BASE64_RE.test(value)) return null;
  const bytes = Buffer.from(value, value.includes('-') || value.includes('_') ? 'base64url' : 'base64');
  return bytes.length === size ? bytesToHex(bytes) : null;
}

/**
 * The id as lowercase hex of exactly `size` bytes; `''` when absent (no bytes, empty string);
 * `null` when malformed (wrong length, not hex or base64, or all zero, which OTLP calls invalid).
 */
export function idToHex(value: Uint8Array | string | null | undefined, size: number): string | null {
  const hex = anyIdToHex(value, size);
  return hex && ZEROS_RE.test(hex) ? null : hex;
}

/**
 * An id that refers to another span or trace (a span's parent, a log record's span and trace) as
 * idToHex reads it, except that all zero is `''`, absent: it is the API's invalid id, which several
 * SDKs write for "no parent" or "no span" instead of leaving the field empty (OpenTelemetry's
 * Collector reads it as empty too). A span's own ids have no such reading: all zero stays malformed.
 */
export function referenceIdToHex(value: Uint8Array | string | null | undefined, size: number): string | null {
  const hex = anyIdToHex(value, size);
  return hex && ZEROS_RE.test(hex) ? '' : hex;
}

/** 32 hex digits as a UUID (8-4-4-4-12). */
function hexToUuid(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

// The spans of a trace usually sit together in an export: the last conversion is kept.
let lastTraceHex = '';
let lastTraceUuid = '';

/** trace.id: the trace id's 32 hex digits as a UUID. */
export function traceIdToUuid(hex: string): string {
  if (hex !== lastTraceHex) {
    lastTraceUuid = hexToUuid(hex);
    lastTraceHex = hex;
  }
  return lastTraceUuid;
}

/** observation.id (and parentObservationId): the span id's 16 hex digits after 16 zeros, as a UUID. */
export function spanIdToUuid(hex: string): string {
  return hexToUuid(`0000000000000000${hex}`);
}
