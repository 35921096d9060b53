import fc from 'fast-check';

/**
 * Generators of malformed and hostile input for the fuzz tests. Everything is built from a
 * fixed seed (FUZZ_SEED, printed by each test), so a failure replays exactly.
 */
export const FUZZ_SEED = Number(process.env.SPANHOUSE_FUZZ_SEED ?? 20260401);
export const RUNS = Number(process.env.SPANHOUSE_FUZZ_RUNS ?? 1000);

/** SQL and ClickHouse fragments: if any reached the SQL text, results or the data set would change. */
export const SQL_FRAGMENTS = [
  "' OR 1=1 --",
  "') OR ('1'='1",
  "'; DROP TABLE traces; --",
  "x'); DROP TABLE observations; --",
  "' UNION ALL SELECT name FROM system.tables --",
  '1; TRUNCATE TABLE metric_samples',
  "\\'; SELECT 1; --",
  '{p0:String}',
  '{name:String}',
  "'} OR 1=1 --",
  '`traces`',
  '" OR ""="',
  "' AND sleep(3) --",
  "' || (SELECT count() FROM system.numbers) || '",
  '/* */ OR /**/ 1=1',
  '%27%20OR%201%3D1',
  "' SETTINGS max_execution_time=0 --",
  "arrayJoin(['a','b'])",
  '\\x27 OR 1=1',
  "'; INSERT INTO traces (id) VALUES ('injected'); --",
];

/** Odd but harmless strings: encodings, control characters, formats that look like others. */
export const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000abc\u0000',
  '\ud800',
  '\uffff',
  '💥🔥'.repeat(10),
  'ｓｅｌｅｃｔ',
  '\u202e\u202d',
  '\r\n\t',
  '%00',
  '%',
  '%zz',
  '../../etc/passwd',
  '2026-13-45T99:99:99Z',
  '2026-02-30T00:00:00Z',
  '0000-00-00T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '1969-12-31T23:59:59Z',
  '2026-01-01T00:00:00',
  '2026-01-01',
  '1e308',
  '-1',
  '0',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '{"a":',
  '<script>alert(1)</script>',
  'a'.repeat(300),
  'b'.repeat(5000),
];

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SQL_FRAGMENTS) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
);

/**
 * Nested arrays/objects deep enough to break recursive code that trusts its input. Kept as a
 * marker until serialization (`toJson`): a value 20,000 levels deep would overflow the test's
 * own structuredClone and JSON.stringify.
 */
export class Deep {
  constructor(
    readonly depth: number,
    readonly arrays: boolean,
  ) {}
  text(): string {
    return this.arrays
      ? `${'['.repeat(this.depth)}${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}`;
  }
}
export const deepValue = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) => new Deep(depth, arrays));

/** JSON text of a value that may hold Deep markers. */
export function toJson(value: unknown): string {
  const deep: Deep[] = [];
  const text =
    JSON.stringify(value, (_k, v) => (v instanceof Deep ? `\u0001DEEP${deep.push(v) - 1}\u0001` : v)) ?? 'undefined';
  return text.replace(/"\\u0001DEEP(\d+)\\u0001"/g, (_m, i: string) => deep[Number(i)]!.text());
}

/** Any JSON value of a wrong or extreme kind. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  {
    weight: 2,
    arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER),
  },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [null], [1, 'a'], { '': '' }, { __proto__: { x: 1 } }) },
  { weight: 1, arbitrary: deepValue },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);
