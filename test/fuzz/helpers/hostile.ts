import { gzipSync } from 'node:zlib';
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

/** Every path in a JSON value: ['trace', 'id'], ['observations', 0, 'startTime'], ... */
export function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (value instanceof Deep) return out;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) out.push(...paths(v, [...prefix, i]));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  }
  return out;
}

type Mutation =
  | { kind: 'set'; pick: number; value: unknown }
  | { kind: 'delete'; pick: number }
  | { kind: 'duplicate'; pick: number; times: number }
  | { kind: 'extra'; pick: number; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('set' as const), pick: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('duplicate' as const),
      pick: fc.nat(),
      times: fc.integer({ min: 2, max: 300 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      pick: fc.nat(),
      key: hostileString,
      value: hostileValue,
    }),
  },
);

// biome-ignore lint/suspicious/noExplicitAny: a JSON tree walked by key
function cloneWithDeep(v: unknown): any {
  if (v instanceof Deep || v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneWithDeep);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cloneWithDeep(x)]));
}

/** Applies mutations to a deep copy of `seed` (paths picked by index among the current paths). */
export function mutate(seed: unknown, mutations: Mutation[]): unknown {
  let root = cloneWithDeep(seed);
  for (const m of mutations) {
    const all = paths(root);
    const path = all[m.pick % all.length]!;
    if (path.length === 0) {
      if (m.kind === 'set') root = m.value;
      continue;
    }
    // biome-ignore lint/suspicious/noExplicitAny: a JSON tree walked by key
    const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], root);
    const key = path.at(-1)!;
    if (m.kind === 'set') parent[key] = m.value;
    else if (m.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
    } else if (m.kind === 'duplicate') {
      const v = parent[key];
      parent[key] = Array.isArray(v) ? Array.from({ length: m.times }, (_, i) => v[i % Math.max(1, v.length)]) : v;
    } else {
      const target = parent[key];
      if (target && typeof target === 'object' && !Array.isArray(target)) target[m.key] = m.value;
    }
  }
  return root;
}

/** A request body and headers, ready to send. */
export type RawBody = { body: Uint8Array | string; headers: Record<string, string>; note: string };

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** Byte-level damage to a valid encoded body. */
export const byteDamage: fc.Arbitrary<ByteDamage> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }),
  }),
);

export type ByteDamage =
  | { kind: 'truncate'; at: number }
  | { kind: 'flip'; at: number[] }
  | { kind: 'insert'; at: number; bytes: Uint8Array };

export function damage(bytes: Uint8Array, d: ByteDamage): Uint8Array {
  if (d.kind === 'truncate') return bytes.slice(0, Math.floor(bytes.length * d.at));
  if (d.kind === 'flip') {
    const out = bytes.slice();
    for (const i of d.at) if (out.length) out[i % out.length]! ^= 1 << (i % 8);
    return out;
  }
  const at = bytes.length ? d.at % bytes.length : 0;
  return Uint8Array.from([...bytes.slice(0, at), ...d.bytes, ...bytes.slice(at)]);
}

/**
 * Hostile JSON request bodies built from a valid `seed(n)`: structural mutations of the value,
 * damaged JSON text, random bytes, and bad or misleading gzip.
 */
export function jsonBodies(seed: (n: number) => unknown): fc.Arbitrary<(n: number) => RawBody> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }).map(
        (ms) =>
          (n: number): RawBody => ({
            body: toJson(mutate(seed(n), ms)),
            headers: JSON_HEADERS,
            note: `mutations ${JSON.stringify(ms).slice(0, 200)}`,
          }),
      ),
    },
    {
      weight: 2,
      arbitrary: byteDamage.map(
        (d) =>
          (n: number): RawBody => ({
            body: damage(Buffer.from(JSON.stringify(seed(n))), d),
            headers: JSON_HEADERS,
            note: `damaged JSON ${JSON.stringify(d).slice(0, 100)}`,
          }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 2048 }).map(
        (bytes) => (): RawBody => ({
          body: bytes,
          headers: JSON_HEADERS,
          note: `random bytes (${bytes.length})`,
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constant('garbage'), fc.constant('truncated'), fc.constant('lying'))
        .map((kind) => (n: number): RawBody => {
          const zipped = gzipSync(JSON.stringify(seed(n)));
          const body =
            kind === 'garbage'
              ? Buffer.from('not gzip at all')
              : kind === 'truncated'
                ? zipped.subarray(0, zipped.length >> 1)
                : zipped;
          // 'lying': gzip bytes sent without Content-Encoding.
          const headers = kind === 'lying' ? JSON_HEADERS : { ...JSON_HEADERS, 'Content-Encoding': 'gzip' };
          return { body, headers, note: `bad gzip: ${kind}` };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          'null',
          '[]',
          '"x"',
          '1e999',
          '{}',
          '{"trace":null}',
          '{"metrics":{}}',
          '{"resourceSpans":"x"}',
        )
        .chain((text) =>
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', '').map(
            (ct) => (): RawBody => ({
              body: text,
              headers: ct ? { 'Content-Type': ct } : {},
              note: `body ${text} as ${ct || 'no content type'}`,
            }),
          ),
        ),
    },
  );
}

/** Runs `tasks` with at most `concurrency` at a time. */
export async function pool<T>(
  items: T[],
  concurrency: number,
  run: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await run(items[i]!, i);
      }
    }),
  );
}

/**
 * What every answer must satisfy: never a 5xx (503/429 would mean overload, which a fuzz run
 * must not cause), and an error status always carries our error body.
 */
export async function checkAnswer(res: Response, where: string): Promise<{ status: number; body: unknown }> {
  const text = await res.text();
  if (res.status >= 500) throw new Error(`${where}: ${res.status} ${text.slice(0, 300)}`);
  let body: unknown = text;
  if (res.headers.get('content-type')?.includes('json')) body = JSON.parse(text);
  if (res.status >= 400) {
    const e = body as { message?: unknown; code?: unknown; data?: unknown };
    if (typeof e?.message !== 'string' || typeof e.code !== 'string' || e.data !== null) {
      throw new Error(`${where}: ${res.status} without our error body: ${text.slice(0, 300)}`);
    }
  }
  return { status: res.status, body };
}
