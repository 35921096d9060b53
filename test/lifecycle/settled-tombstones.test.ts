import { SETTLED_US_SQL, TABLES, TRACE_ROW_TABLES, tombstoneConditions } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { makeBatch } from '../support/traces.ts';

/*
 * Settled tombstones (docs/decisions/0090-settled-tombstones.md): once every row a deletion hides
 * is masked by a finished purge and none can still come, the reads of the project skip the
 * per-row tombstone lookup; a row written before the deletion that reaches its table after the
 * purge (here: the trace rows' insert held back by the test's writer) keeps the tombstone
 * unsettled until it is in, and stays hidden after.
 */

let t: TestApp;
/** The trace rows' insert holding this trace's row waits for `release` (set by the test). */
let held: { id: string; gate: Promise<void>; release: () => void } | undefined;

beforeAll(async () => {
  t = await createTestApp(
    'lifecycle_settled_tombstones',
    { INGEST_FLUSH_INTERVAL_MS: '50' },
    {
      // In front of the ClickHouse writer, passing on everything the log tells it.
      writer: (clickhouse) => ({
        async insert(batch) {
          if (held && batch.table === TABLES.traces && batch.data.includes(held.id)) await held.gate;
          await clickhouse.insert(batch);
        },
        settle: () => clickhouse.settle?.() ?? Promise.resolve(),
        opened: (log) => clickhouse.opened?.(log),
        committed: (lsn) => clickhouse.committed?.(lsn),
      }),
    },
  );
});
afterAll(() => t?.close());

async function projectOfKey(): Promise<string> {
  const result = await t.db.writer.query({
    query: 'SELECT DISTINCT project_id FROM trace_deletions_v2',
    format: 'JSONEachRow',
  });
  return (await result.json<{ project_id: string }>())[0]!.project_id;
}

/**
 * The filter a list without filters runs on `table`'s rows (the trace rows by default), as the
 * engine plans it for `project`.
 */
async function listFilterLooksUp(project: string, table: string = TABLES.traces): Promise<boolean> {
  const [condition] = tombstoneConditions(table, { scan: true });
  const result = await t.db.writer.query({
    query: `EXPLAIN actions = 1 SELECT count() FROM ${table} FINAL WHERE project_id = {project:String} AND ${condition}`,
    query_params: { project },
    format: 'TabSeparatedRaw',
  });
  return (await result.text()).includes('dictGetOrDefault');
}

/** The marks stored per trace table (0 for a table without one). */
async function marks(): Promise<Map<string, number>> {
  const result = await t.db.writer.query({ query: SETTLED_US_SQL, format: 'JSONEachRow' });
  const rows = await result.json<{ table_name: string; settled_us: number | string }>();
  return new Map(
    TRACE_ROW_TABLES.map((table) => [table, Number(rows.find((r) => r.table_name === table)?.settled_us ?? 0)]),
  );
}

/** The time up to which every tombstone is settled in every trace table. */
async function settledUs(): Promise<number> {
  return Math.min(...(await marks()).values());
}

async function deletedUs(id: string): Promise<number> {
  const result = await t.db.writer.query({
    query: 'SELECT max(deleted_us) AS d FROM trace_deletions_v2 WHERE trace_id = {id:String}',
    query_params: { id },
    format: 'JSONEachRow',
  });
  return Number((await result.json<{ d: number | string }>())[0]?.d ?? 0);
}

/** The unsettled tombstone inserts as GET /metrics reports them: in every table, or in one. */
async function unsettledGauge(table?: string): Promise<number> {
  const text = await (await t.request('/metrics')).text();
  const series = table
    ? `spanhouse_tombstones_unsettled_batches_by_table{table="${table}"}`
    : 'spanhouse_tombstones_unsettled_batches';
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no ${series} on /metrics`);
  return Number(line.slice(series.length + 1));
}

async function listed(id: string): Promise<boolean> {
  const list = await t.get('/api/public/traces?limit=100');
  return (list.body.data as { id: string }[]).some((x) => x.id === id);
}

describe('a project whose deletions are all purged', () => {
  it('lists its traces without looking each row up, and without the deleted trace', async () => {
    const kept = makeBatch({ name: 'kept' });
    const gone = makeBatch({ name: 'gone' });
    expect((await t.post('/v1/l/batch', kept)).status).toBe(200);
    expect((await t.post('/v1/l/batch', gone)).status).toBe(200);
    expect((await t.request(`/api/public/traces/${gone.trace.id}`, { method: 'DELETE' })).status).toBe(200);
    const project = await projectOfKey();
    const deleted = await deletedUs(gone.trace.id);
    expect(deleted).toBeGreaterThan(0);

    await eventually(async () => {
      expect(await settledUs()).toBeGreaterThanOrEqual(deleted);
      expect(await listFilterLooksUp(project)).toBe(false);
    }, 20_000);
    expect(await listed(kept.trace.id)).toBe(true);
    expect(await listed(gone.trace.id)).toBe(false);
    expect((await t.get(`/api/public/traces/${gone.trace.id}`)).status).toBe(404);
  });
});

describe('a row written before a deletion that reaches its table after the purge', () => {
  it('keeps the tombstone unsettled until it is in, and stays hidden once it is settled', async () => {
    const late = makeBatch({ name: 'late row' });
    let release!: () => void;
    held = { id: late.trace.id, gate: new Promise<void>((r) => (release = r)), release: () => release() };
    try {
      // Durable only: the trace row's insert is held, its observations go in.
      expect((await t.post('/v1/l/batch', late, { 'Spanhouse-Wait': 'durable' })).status).toBe(200);
      expect((await t.request(`/api/public/traces/${late.trace.id}`, { method: 'DELETE' })).status).toBe(200);
      const project = await projectOfKey();
      const deleted = await deletedUs(late.trace.id);

      // The purges registered so far are done; the trace row is still on its way.
      await eventually(async () => {
        const pending = await t.db.writer.query({
          query: 'SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND NOT is_done',
          format: 'JSONEachRow',
        });
        expect(Number((await pending.json<{ n: number | string }>())[0]?.n)).toBe(0);
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(await settledUs()).toBeLessThan(deleted);
      expect(await listFilterLooksUp(project)).toBe(true);
      expect(await unsettledGauge()).toBe(1);

      held.release();
      await eventually(async () => {
        expect(await settledUs()).toBeGreaterThanOrEqual(deleted);
      }, 20_000);
      // The row is in (inserted after the purge) and masked, and the reads no longer look it up.
      const result = await t.db.writer.query({
        query: `SELECT count() AS n FROM ${TABLES.traces} WHERE id = {id:String}`,
        query_params: { id: late.trace.id },
        format: 'JSONEachRow',
      });
      expect(Number((await result.json<{ n: number | string }>())[0]?.n)).toBe(0);
      expect(await listFilterLooksUp(project)).toBe(false);
      expect(await unsettledGauge()).toBe(0);
      expect(await listed(late.trace.id)).toBe(false);
      expect((await t.get(`/api/public/traces/${late.trace.id}`)).status).toBe(404);
      for (const table of TRACE_ROW_TABLES) await t.db.writer.command({ query: `OPTIMIZE TABLE ${table} FINAL` });
      expect(await listed(late.trace.id)).toBe(false);
    } finally {
      held?.release();
      held = undefined;
    }
  });
});

/** The purges (DELETEs naming the tombstones' dictionary) registered on `table` so far. */
async function purgesOf(table: string): Promise<number> {
  const result = await t.db.writer.query({
    query:
      "SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND table = {table:String} AND position(command, 'trace_tombstones') > 0",
    query_params: { table },
    format: 'JSONEachRow',
  });
  return Number((await result.json<{ n: number | string }>())[0]?.n);
}

async function rowsOf(table: string, ids: string[]): Promise<number> {
  const result = await t.db.writer.query({
    query: `SELECT count() AS n FROM ${table} WHERE id IN {ids:Array(String)}`,
    query_params: { ids },
    format: 'JSONEachRow',
  });
  return Number((await result.json<{ n: number | string }>())[0]?.n);
}

describe('a burst of deletions while the engine works through a purge', () => {
  it('purges them with one set of DELETEs, registered before a later row of a deleted trace', async () => {
    const batches = Array.from({ length: 8 }, (_, i) => makeBatch({ name: `burst ${i}` }));
    for (const b of batches) expect((await t.post('/v1/l/batch', b)).status).toBe(200);
    const ids = batches.map((b) => b.trace.id);
    const before = await purgesOf(TABLES.traces);
    // The trace rows' mutations wait (a large store's DELETEs take minutes).
    await t.db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.traces}` });
    try {
      expect((await t.request(`/api/public/traces/${ids[0]}`, { method: 'DELETE' })).status).toBe(200);
      // The settlement registered the first deletion's purge and waits for it.
      await eventually(async () => expect(await purgesOf(TABLES.traces)).toBe(before + 1));
      // Each of the rest its own insert of tombstones, gone from the reads at once.
      for (const id of ids.slice(1, 6)) {
        expect((await t.request(`/api/public/traces/${id}`, { method: 'DELETE' })).status).toBe(200);
        await eventually(async () => expect((await t.get(`/api/public/traces/${id}`)).status).toBe(404));
      }
      expect(await purgesOf(TABLES.traces)).toBe(before + 1);

      // A later row of a deleted trace: its insert registers the waiting tombstones' purges first.
      const rewritten = makeBatch({ id: ids[3], name: 'written again' }, []);
      expect((await t.post('/v1/l/batch', rewritten, { 'Spanhouse-Wait': 'durable' })).status).toBe(200);
      await eventually(async () => expect(await purgesOf(TABLES.traces)).toBe(before + 2));
      for (const id of ids.slice(6)) {
        expect((await t.request(`/api/public/traces/${id}`, { method: 'DELETE' })).status).toBe(200);
        await eventually(async () => expect((await t.get(`/api/public/traces/${id}`)).status).toBe(404));
      }
    } finally {
      await t.db.writer.command({ query: `SYSTEM START MERGES ${TABLES.traces}` });
    }
    const deleted = await deletedUs(ids.at(-1)!);
    await eventually(async () => expect(await settledUs()).toBeGreaterThanOrEqual(deleted), 20_000);
    // Eight deletions, four or five DELETEs: the first settlement's; the later row's insert: the
    // waiting tombstones' before it, its own trace's older rows after it (decision 0085); the
    // next settlement's, of the rest (two, when the last deletion commits after it began).
    const purges = (await purgesOf(TABLES.traces)) - before;
    expect(purges).toBeGreaterThanOrEqual(4);
    expect(purges).toBeLessThanOrEqual(5);
    expect(await rowsOf(TABLES.traces, ids)).toBe(1);
    const again = await t.get(`/api/public/traces/${ids[3]}`);
    expect(again.status).toBe(200);
    expect(again.body.name).toBe('written again');
    for (const id of [...ids.slice(0, 3), ...ids.slice(4)])
      expect((await t.get(`/api/public/traces/${id}`)).status).toBe(404);
  });
});

describe('deletions one after another', () => {
  it('are purged by one set of DELETEs once they stop coming, and settle', async () => {
    const batches = Array.from({ length: 5 }, (_, i) => makeBatch({ name: `one after another ${i}` }));
    for (const b of batches) expect((await t.post('/v1/l/batch', b)).status).toBe(200);
    const ids = batches.map((b) => b.trace.id);
    const before = await purgesOf(TABLES.traces);
    for (const id of ids) {
      expect((await t.request(`/api/public/traces/${id}`, { method: 'DELETE' })).status).toBe(200);
      await eventually(async () => expect((await t.get(`/api/public/traces/${id}`)).status).toBe(404));
    }
    const deleted = await deletedUs(ids.at(-1)!);
    await eventually(async () => expect(await settledUs()).toBeGreaterThanOrEqual(deleted), 20_000);
    expect(await purgesOf(TABLES.traces)).toBe(before + 1);
    expect(await rowsOf(TABLES.traces, ids)).toBe(0);
  });
});

describe("a table whose purge is done before the others'", () => {
  it('is settled at once, its scans without the lookup, while the slow table still looks rows up', async () => {
    const gone = makeBatch({ name: 'slow pieces' });
    const kept = makeBatch({ name: 'beside slow pieces' });
    expect((await t.post('/v1/l/batch', gone)).status).toBe(200);
    expect((await t.post('/v1/l/batch', kept)).status).toBe(200);
    const project = await projectOfKey();
    // The observation pieces' DELETE waits (a large store's takes minutes); the others' run.
    await t.db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.observationPieces}` });
    try {
      expect((await t.request(`/api/public/traces/${gone.trace.id}`, { method: 'DELETE' })).status).toBe(200);
      const deleted = await deletedUs(gone.trace.id);
      await eventually(async () => {
        const marked = await marks();
        expect(marked.get(TABLES.traces)).toBeGreaterThanOrEqual(deleted);
        expect(marked.get(TABLES.traceSearch)).toBeGreaterThanOrEqual(deleted);
        expect(await unsettledGauge(TABLES.traces)).toBe(0);
      }, 20_000);
      expect(await listFilterLooksUp(project)).toBe(false);
      expect((await marks()).get(TABLES.observationPieces)).toBeLessThan(deleted);
      expect(await listFilterLooksUp(project, TABLES.observationPieces)).toBe(true);
      expect(await unsettledGauge(TABLES.observationPieces)).toBe(1);
      expect(await unsettledGauge()).toBe(1);
      // What the reads show meanwhile: the trace gone everywhere, its neighbour kept.
      expect(await listed(gone.trace.id)).toBe(false);
      expect(await listed(kept.trace.id)).toBe(true);
      expect((await t.get(`/api/public/traces/${gone.trace.id}`)).status).toBe(404);
      const observations = await t.get(`/api/public/observations?traceId=${gone.trace.id}`);
      expect(observations.status).toBe(200);
      expect(observations.body.data).toEqual([]);
      const search = await t.get('/api/public/traces?search=pieces');
      const found = (search.body.data as { id: string }[]).map((x) => x.id);
      expect(found).toContain(kept.trace.id);
      expect(found).not.toContain(gone.trace.id);
    } finally {
      await t.db.writer.command({ query: `SYSTEM START MERGES ${TABLES.observationPieces}` });
    }
    const deleted = await deletedUs(gone.trace.id);
    await eventually(async () => expect(await settledUs()).toBeGreaterThanOrEqual(deleted), 20_000);
    expect(await listFilterLooksUp(project, TABLES.observationPieces)).toBe(false);
    expect(await unsettledGauge()).toBe(0);
    expect((await t.get(`/api/public/observations?traceId=${gone.trace.id}`)).body.data).toEqual([]);
  });
});
