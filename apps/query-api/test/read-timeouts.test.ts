import { type Db, queryRows, withReadTimeout } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { ApiError } from '@spanhouse/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainReadTimeouts } from '../src/read-timeouts.ts';

// A read the engine stops at the query API's bound, on real chDB: what it raises, and the 503 the
// API answers for it. (The answer while an index is being built: test/search/search-index-build.)

let db: Db & { dataDir: string };
beforeAll(async () => {
  db = await openTestDb('read-timeouts');
});
afterAll(() => db?.close());

/** A read of a few seconds' work, as a runaway scan would be. */
const runaway = (on: Db) =>
  queryRows(on, {
    sql: 'SELECT count() AS n FROM numbers(10000000000) WHERE sipHash64(number) % 7 = 3',
    tag: 'runaway',
    map: (r) => Number(r.n),
  });

describe('the read time bound', () => {
  it('stops a read at the bound and frees its reader for the next', async () => {
    const started = performance.now();
    const err = await runaway(withReadTimeout(db, 300)).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(5_000);
    const answer = await explainReadTimeouts(db, 300)(err);
    expect(answer).toBeInstanceOf(ApiError);
    expect(answer?.status).toBe(503);
    expect(answer?.message).toBe(
      'the query ran longer than 0.3 s (QUERY_TIMEOUT_MS) and was stopped; narrow it (a shorter time range, a filter) or raise QUERY_TIMEOUT_MS',
    );
    expect(answer?.retryAfter).toBeUndefined();
    expect(await queryRows(db, { sql: 'SELECT 1 AS one', tag: 'after', map: (r) => Number(r.one) })).toEqual([1]);
  });

  it('leaves every other error to the handler', async () => {
    const err = await queryRows(db, { sql: 'SELECT nope()', tag: 'bad', map: (r) => r }).catch((e: unknown) => e);
    expect(await explainReadTimeouts(db, 300)(err)).toBeUndefined();
    expect(await explainReadTimeouts(db, 300)(new Error('anything'))).toBeUndefined();
  });

  it('sends no bound for a database opened without one, and a read may set its own', async () => {
    const own = await queryRows(withReadTimeout(db, 60_000), {
      sql: "SELECT getSetting('max_execution_time') AS s",
      tag: 'own',
      settings: { max_execution_time: 7 },
      map: (r) => Number(r.s),
    });
    expect(own).toEqual([7]);
    const bounded = await queryRows(withReadTimeout(db, 1_500), {
      sql: "SELECT getSetting('max_execution_time') AS s",
      tag: 'bounded',
      map: (r) => Number(r.s),
    });
    expect(bounded).toEqual([1.5]);
    const none = await queryRows(db, { sql: "SELECT getSetting('max_execution_time') AS s", tag: 'none', map: (r) => Number(r.s) });
    expect(none).toEqual([0]);
  });
});
