import { MAX_VALUE_DEPTH } from '../protobuf/wire-reader.ts';

/** At most this many rejection reasons are listed in a reply; the count says how many there were. */
const MAX_REASONS = 5;

/** "3 spans rejected: a; b; c" for a partial-success reply or a 400 (`noun`: span, data point). */
export function rejectionMessage(reasons: string[], noun: string): string {
  const shown = reasons.slice(0, MAX_REASONS).join('; ');
  const more = reasons.length > MAX_REASONS ? ` (and ${reasons.length - MAX_REASONS} more)` : '';
  return `${reasons.length} ${noun}${reasons.length === 1 ? '' : 's'} rejected: ${shown}${more}`;
}

/**
 * The partial_success message of attribute values cut for their depth (the spans are stored; the
 * rejected count is not raised), after the rejections' own message if any.
 */
function withCutValues(message: string | undefined, cuts: number): string {
  const cut = `${cuts} attribute value${cuts === 1 ? '' : 's'} nested deeper than ${MAX_VALUE_DEPTH} levels truncated to null`;
  return message ? `${message}; ${cut}` : cut;
}

/**
 * An export's partial_success, or undefined when there is nothing to say: the rejected items
 * (reasons, `noun` as rejectionMessage's) and the attribute values cut for their depth.
 */
export function partialSuccess(
  reasons: string[],
  noun: string,
  cuts: number,
): { count: number; message: string } | undefined {
  const message = reasons.length > 0 ? rejectionMessage(reasons, noun) : undefined;
  if (cuts > 0) return { count: reasons.length, message: withCutValues(message, cuts) };
  return message === undefined ? undefined : { count: reasons.length, message };
}
