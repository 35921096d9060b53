import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { Deep, hostileString, hostileValue, toJson } from './hostile.ts';

// Hostile request bodies built from a valid one: structural mutations of the JSON value, byte
// damage to an encoded body, damaged JSON text, random bytes and bad gzip.

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
