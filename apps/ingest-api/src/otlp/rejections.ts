/** At most this many rejection reasons are listed in a reply; the count says how many there were. */
const MAX_REASONS = 5;

/** "3 spans rejected: a; b; c" for a partial-success reply or a 400 (`noun`: span, data point). */
export function rejectionMessage(reasons: string[], noun: string): string {
  const shown = reasons.slice(0, MAX_REASONS).join('; ');
  const more = reasons.length > MAX_REASONS ? ` (and ${reasons.length - MAX_REASONS} more)` : '';
  return `${reasons.length} ${noun}${reasons.length === 1 ? '' : 's'} rejected: ${shown}${more}`;
}
