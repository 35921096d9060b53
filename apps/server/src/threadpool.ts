/**
 * chDB runs each query of the embedded database on a libuv worker thread, and libuv's pool has 4
 * threads unless UV_THREADPOOL_SIZE says otherwise, fixed when the pool is first used: with the
 * default, the fifth query at once (and every file operation of the ingest log) waits for one of
 * four to end, whatever the reader connections. Imported first by the entry point, before anything
 * uses the pool; an operator's own value is kept. 64 covers the largest reader pool
 * (CLICKHOUSE_READERS at most 32), the writer and the log's file work; idle threads cost little.
 */
process.env.UV_THREADPOOL_SIZE ??= '64';
