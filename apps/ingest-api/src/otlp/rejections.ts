import { MAX_VALUE_DEPTH } from '../protobuf/wire-reader.ts';

/** At most this many rejection reasons are listed in a reply; the count says how many there were. */
const MAX_REASONS = 5;

/** "3 spans rejected: a; b; c" for a partial-success reply or a 400 (`noun`: span, data point). */
export function rejectionMessage(reasons: string[], noun: string): string {
  const shown = reasons.slice(0, MAX_REASONS).join('; ');
  const more = reasons.length > MAX_REASONS ? ` (and ${reasons.length - MAX_REASONS} more)` : '';
  return `${reasons.length} ${noun}${reasons.length === 1 ? '' : 's'} rejected: ${shown}${more}`;
}

/** The note on attribute values cut for their depth (the items are stored; the rejected count is not raised). */
const depthNote = (cuts: number) =>
  `${cuts} attribute value${cuts === 1 ? '' : 's'} nested deeper than ${MAX_VALUE_DEPTH} levels truncated to null`;

/**
 * An export's partial_success, or undefined when there is nothing to say: the rejected items
 * (reasons, `noun` as rejectionMessage's), the attribute values cut for their depth, and `notes` on
 * what else was stored otherwise than sent (the OTLP specification's warnings: rejected count 0
 * when nothing was rejected), joined in that order.
 */
export function partialSuccess(
  reasons: string[],
  noun: string,
  cuts: number,
  notes: readonly string[] = [],
): { count: number; message: string } | undefined {
  const parts: string[] = [];
  if (reasons.length > 0) parts.push(rejectionMessage(reasons, noun));
  if (cuts > 0) parts.push(depthNote(cuts));
  parts.push(...notes);
  return parts.length === 0 ? undefined : { count: reasons.length, message: parts.join('; ') };
}
