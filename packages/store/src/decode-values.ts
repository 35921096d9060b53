/* How the row decoders read ClickHouse's JSON values (64-bit integers arrive as strings). */

/** A String column's value. */
export const str = (x: unknown) => (typeof x === 'string' ? x : String(x ?? ''));
/** A String column whose '' means absent. */
export const orNull = (x: unknown) => (x === '' || x === null || x === undefined ? null : str(x));
/** A number column; anything not a finite number reads as 0. */
export const finiteOr0 = (x: unknown) => {
  const n = Number(x);
  return Number.isFinite(n) ? n : 0;
};
