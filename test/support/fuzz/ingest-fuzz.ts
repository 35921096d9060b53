import fc from 'fast-check';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../app.ts';
import { readWholeTables } from '../whole-tables.ts';
import { checkAnswer, pool } from './answers.ts';
import type { RawBody } from './bodies.ts';
import { FUZZ_SEED, RUNS } from './hostile.ts';

/**
 * Sends RUNS generated bodies to one ingest endpoint and checks, per request: never a 5xx, our
 * error body on every refusal; and at the end: nothing stored that only a refused request
 * carried. Request n carries only ids with the marker of n (see `markerOf`).
 */
export async function fuzzIngest(opts: {
  app: TestApp;
  path: string;
  bodies: fc.Arbitrary<(n: number) => RawBody>;
  /** SQL listing every stored id (or name) that may carry a marker. */
  storedSql: string;
  /** The request number an id was generated for, or undefined for ids without a marker. */
  markerOf: (id: string) => number | undefined;
}): Promise<{ accepted: number; refused: number; statuses: Record<string, number> }> {
  const makers = fc.sample(opts.bodies, { seed: FUZZ_SEED, numRuns: RUNS });
  const accepted = new Set<number>();
  const refused = new Set<number>();
  const statuses: Record<string, number> = {};
  await pool(makers, 6, async (make, n) => {
    const raw = make(n);
    const res = await opts.app.app.request(opts.path, {
      method: 'POST',
      body: raw.body,
      headers: { ...bearer(), ...raw.headers },
    });
    const { status } = await checkAnswer(res, `${opts.path} #${n} (seed ${FUZZ_SEED}; ${raw.note})`);
    statuses[status] = (statuses[status] ?? 0) + 1;
    (status >= 200 && status < 300 ? accepted : refused).add(n);
  });
  const stored = (await readWholeTables(opts.app.db, opts.storedSql)).map((r) => String(r.id));
  const leaked = stored.filter((id) => {
    const n = opts.markerOf(id);
    return n !== undefined && refused.has(n) && !accepted.has(n);
  });
  expect(leaked, 'stored although its request was refused').toEqual([]);
  // The generators must produce both kinds, or the test proves little.
  expect(refused.size).toBeGreaterThan(RUNS / 2);
  expect(accepted.size).toBeGreaterThan(0);
  return { accepted: accepted.size, refused: refused.size, statuses };
}
