/** `WHERE a AND b` of some conditions, or nothing. */
export const whereClause = (conditions: readonly string[]) =>
  conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
