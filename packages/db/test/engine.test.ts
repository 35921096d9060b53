import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureEngineAllocator, ENGINE_ALLOCATOR_CONF, ENGINE_MEMORY_SETTINGS } from '../src/engine-memory.ts';
import { ENGINE_PRIORITY_SETTINGS, WRITER_SETTINGS } from '../src/priorities.ts';
import { queryRows } from '../src/query.ts';
import { TABLES } from '../src/tables.ts';
import { openTestDb } from '../src/testing.ts';

/*
 * How the embedded engine is configured for the service it runs in: its allocator, its memory
 * bounds, the priorities of its merges and of the writer's inserts against reads, and the cache of
 * point reads.
 */

let db: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  db = await openTestDb('engine');
});
afterAll(async () => db?.close());

describe('the embedded engine', () => {
  /** The engine's server settings `names` hold, by name. */
  const serverSettings = async (names: string[]) =>
    Object.fromEntries(
      await queryRows(db, {
        sql: 'SELECT name, value FROM system.server_settings WHERE name IN {names:Array(String)}',
        params: { names },
        tag: 'test',
        map: (r) => [String(r.name), Number(r.value)] as const,
      }),
    );

  it('starts with the memory bounds of ENGINE_MEMORY_SETTINGS, not the defaults of a dedicated server', async () => {
    // A server's memory is its own configuration's.
    if (db.mode === 'server') return;
    expect(await serverSettings(Object.keys(ENGINE_MEMORY_SETTINGS))).toEqual(ENGINE_MEMORY_SETTINGS);
  });

  it("runs its allocator with ENGINE_ALLOCATOR_CONF: freed pages handed back by jemalloc's background threads", async () => {
    if (db.mode === 'server') return;
    // jemalloc's own account of the options it started with (malloc_stats_print's text).
    const stats = (
      await queryRows(db, {
        sql: 'SELECT * FROM system.jemalloc_stats',
        tag: 'test',
        map: (r) => Object.values(r).join(''),
      })
    ).join('\n');
    const options = ENGINE_ALLOCATOR_CONF.split(',').map((o) => o.split(':') as [string, string]);
    expect(options.map(([name]) => name)).toEqual(['dirty_decay_ms', 'background_thread']);
    for (const [name, value] of options) expect(stats).toContain(`opt.${name}: ${value} `);
    // The engine's build keeps freed pages for 5 s: the default is overridden, not repeated.
    expect(stats).toContain('dirty_decay_ms:5000');
  });

  it("keeps an operator's own JE_MALLOC_CONF", () => {
    const own: NodeJS.ProcessEnv = { JE_MALLOC_CONF: 'dirty_decay_ms:0' };
    configureEngineAllocator(own);
    expect(own.JE_MALLOC_CONF).toBe('dirty_decay_ms:0');
    const unset: NodeJS.ProcessEnv = {};
    configureEngineAllocator(unset);
    expect(unset.JE_MALLOC_CONF).toBe(ENGINE_ALLOCATOR_CONF);
  });

  it("leaves two of the merge and mutation pool's tasks to the other tables while the observation pieces are purged", async () => {
    if (db.mode === 'server') return;
    const pool = await serverSettings(['background_pool_size', 'background_merges_mutations_concurrency_ratio']);
    const tasks = pool.background_pool_size! * pool.background_merges_mutations_concurrency_ratio!;
    const [create] = await queryRows(db, {
      sql: 'SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND name = {name:String}',
      params: { name: TABLES.observationPieces },
      tag: 'test',
      map: (r) => String(r.q),
    });
    const free = Number(/number_of_free_entries_in_pool_to_execute_mutation = (\d+)/.exec(create ?? '')?.[1]);
    // A part's mutation starts while `free` tasks are free: at most tasks - free + 1 run at once.
    const piecesAtOnce = tasks - free + 1;
    expect(piecesAtOnce).toBeGreaterThanOrEqual(1);
    expect(tasks - piecesAtOnce).toBeGreaterThanOrEqual(2);
  });

  it("runs merges and the writer's inserts at a lower priority than reads", async () => {
    if (db.mode === 'server') return;
    expect(await serverSettings(Object.keys(ENGINE_PRIORITY_SETTINGS))).toEqual(ENGINE_PRIORITY_SETTINGS);
    const names = Object.keys(WRITER_SETTINGS);
    const sessionSql = `SELECT name, value FROM system.settings WHERE name IN ('${names.join("', '")}')`;
    const writer = (await (await db.writer.query({ query: sessionSql, format: 'JSONEachRow' })).json()) as {
      name: string;
      value: string;
    }[];
    expect(Object.fromEntries(writer.map((r) => [r.name, Number(r.value)]))).toEqual(WRITER_SETTINGS);
    // Reads keep the default nice value (0).
    const reader = await queryRows(db, {
      sql: sessionSql,
      tag: 'test',
      map: (r) => [String(r.name), Number(r.value)] as const,
    });
    expect(Object.fromEntries(reader)).toEqual(Object.fromEntries(names.map((n) => [n, 0])));
  });

  it('filters a read with FINAL by its sorting-key conditions before the merge, and by any other column after it', async () => {
    await db.writer.command({
      query: `CREATE TABLE final_probe (k UInt64, v SimpleAggregateFunction(max, UInt64), tags SimpleAggregateFunction(groupUniqArrayArray, Array(String)))
        ENGINE = AggregatingMergeTree ORDER BY k SETTINGS index_granularity = 64`,
    });
    await db.writer.command({ query: 'SYSTEM STOP MERGES final_probe' });
    // Key 7 in two parts: one piece says v = 5 and tag a, the other v = 50 and tag b.
    await db.writer.command({ query: `INSERT INTO final_probe SELECT number, number, [] FROM numbers(1000)` });
    await db.writer.command({ query: `INSERT INTO final_probe VALUES (7, 5, ['a']), (8, 50, ['b'])` });
    await db.writer.command({ query: `INSERT INTO final_probe VALUES (7, 50, ['b'])` });
    const read = (where: string) =>
      queryRows(db, {
        sql: `SELECT k, v, arraySort(tags) AS tags FROM final_probe FINAL WHERE ${where} ORDER BY k`,
        tag: 'test',
        map: (r) => [Number(r.k), Number(r.v), r.tags],
      });
    // Conditions over merged columns see the merged row, not one piece of it.
    expect(await read('k IN (7, 8) AND v < 10')).toEqual([]);
    expect(await read("k IN (7, 8) AND has(tags, 'a') AND has(tags, 'b')")).toEqual([[7, 50, ['a', 'b']]]);
    expect(await read('k = 7')).toEqual([[7, 50, ['a', 'b']]]);
    // The key condition is read as PREWHERE (rows of other keys are not merged); the other stays after the merge.
    const plan = (
      await queryRows(db, {
        sql: 'EXPLAIN actions = 1 SELECT v FROM final_probe FINAL WHERE k IN (7, 8) AND v < 10',
        tag: 'test',
        map: (r) => String(r.explain),
      })
    ).join('\n');
    const prewhere = plan.split('\n').find((l) => l.includes('Prewhere filter column'));
    expect(prewhere).toMatch(/\bk\b/);
    expect(prewhere).not.toMatch(/\bv\b/);
  });

  it('merges a tuple column under FINAL before a condition on its element, where a key subquery reads that element too', async () => {
    await db.writer.command({
      query: `CREATE TABLE subcolumn_probe (k String, name SimpleAggregateFunction(max, Tuple(UInt64, String)))
        ENGINE = AggregatingMergeTree ORDER BY k`,
    });
    await db.writer.command({ query: 'SYSTEM STOP MERGES subcolumn_probe' });
    // Key r named a, then renamed b by a later piece in another part; q named a once.
    await db.writer.command({ query: "INSERT INTO subcolumn_probe VALUES ('r', (1, 'a')), ('q', (1, 'a'))" });
    await db.writer.command({ query: "INSERT INTO subcolumn_probe VALUES ('r', (2, 'b'))" });
    const named = (where: string) =>
      queryRows(db, {
        sql: `SELECT k FROM subcolumn_probe FINAL WHERE ${where} ORDER BY k`,
        tag: 'test',
        map: (r) => String(r.k),
      });
    // The keys with a piece named a narrow the read; the merged name decides. Where the subquery
    // read name.2 as a subcolumn, the engine answered r as well (merged as b): the subquery turns
    // those reads off (packages/store trace-filter.ts, elementsWhole).
    const keys =
      "cityHash64(k) IN (SELECT cityHash64(k) FROM subcolumn_probe WHERE name.2 = 'a' SETTINGS optimize_functions_to_subcolumns = 0)";
    expect(await named(`${keys} AND name.2 = 'a'`)).toEqual(['q']);
    expect(await named(`${keys} AND name.2 = 'b'`)).toEqual(['r']);
  });

  it('keeps the blocks of point reads decompressed, and lets scans go around that cache', async () => {
    if (db.mode === 'server') return;
    await db.writer.command({
      query: `CREATE TABLE cache_probe (k UInt64, s String) ENGINE = MergeTree ORDER BY k
        SETTINGS index_granularity = 64`,
    });
    await db.writer.command({
      query: `INSERT INTO cache_probe SELECT number, repeat(toString(cityHash64(number)), 8) FROM numbers(200000)`,
    });
    const cacheEvents = async () => {
      const rows = await queryRows(db, {
        sql: `SELECT event, value FROM system.events WHERE event IN ('UncompressedCacheHits', 'UncompressedCacheMisses')`,
        tag: 'test',
        map: (r) => [String(r.event), Number(r.value)] as const,
      });
      const byName = Object.fromEntries(rows);
      return { hits: byName.UncompressedCacheHits ?? 0, misses: byName.UncompressedCacheMisses ?? 0 };
    };
    const pointRead = () =>
      queryRows(db, {
        sql: 'SELECT s FROM cache_probe WHERE k IN (7, 150000) ORDER BY k',
        tag: 'test',
        map: (r) => String(r.s),
      });
    const first = await pointRead();
    const before = await cacheEvents();
    expect(await pointRead()).toEqual(first);
    const after = await cacheEvents();
    expect(after.hits).toBeGreaterThan(before.hits);
    expect(after.misses).toBe(before.misses);

    // 200,000 rows are past the reader's bound (merge_tree_max_rows_to_use_cache): no lookups at all.
    const scan = () =>
      queryRows(db, { sql: 'SELECT sum(length(s)) AS n FROM cache_probe', tag: 'test', map: (r) => Number(r.n) });
    const total = await scan();
    const beforeScan = await cacheEvents();
    expect(await scan()).toEqual(total);
    expect(await cacheEvents()).toEqual(beforeScan);
  });
});
