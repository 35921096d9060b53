import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type ClickHouseClient, createClient } from '@clickhouse/client';
import type { Logger } from 'pino';
import { clientLoggerClass } from './client-logger.ts';
import { READER_SETTINGS, startEngine } from './engine-memory.ts';
import { logInsertSettings } from './insert-settings.ts';
import { Lanes } from './lanes.ts';
import { WRITER_SETTINGS } from './priorities.ts';
import { chdbInsertRowBinary, clientInsertRowBinary, InsertFiles, type RowBinaryInsert } from './row-binary-insert.ts';
import { answeredWithin, READER_REQUEST_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from './server-wait.ts';

export type DbOptions = {
  /** ClickHouse server URL; without it, embedded chDB on `dataDir`. */
  url?: string;
  user?: string;
  password?: string;
  database: string;
  /** Embedded data folder (chDB binds one folder per process). */
  dataDir?: string;
  readers?: number;
  logger?: Logger;
  /** Cluster mode: the database is created ON CLUSTER and inserts into Distributed tables are synchronous. */
  cluster?: string;
  /**
   * false: the database exists already (another handle made it), so a server-mode open sends
   * nothing and its first call is the first to reach the server. Default: CREATE DATABASE IF NOT
   * EXISTS at open, which also fails the open when the server cannot be reached.
   */
  createDatabase?: boolean;
};

export type DbMode = 'embedded' | 'server';

/**
 * Connections to one database. The writer never shares a connection with readers: a chDB
 * connection runs its queries one after another, so an insert would otherwise wait behind a
 * slow query (docs/decisions/0001-embedded-chdb-topology.md). Readers are a small pool picked by
 * fewest queries in flight.
 */
export type Db = {
  mode: DbMode;
  database: string;
  /** The first writer connection: statements of the service's own (projects, keys, migrations, dictionary reloads). */
  writer: ClickHouseClient;
  /**
   * Inserts text of a row format (TabSeparated) through the writer. On chDB the bytes go to the
   * engine as they are; through `writer.insert` the chDB connection would turn a stream into a
   * string and the engine call copy that again (docs/decisions/0004-ingest-tabseparated.md). On a
   * server it is `writer.insert` with the text as the body.
   */
  insertText(params: {
    table: string;
    columns: [string, ...string[]];
    format: 'TabSeparated';
    /** The rows as text, or as its UTF-8 bytes. */
    text: string | Buffer;
  }): Promise<void>;
  /**
   * Inserts rows encoded as RowBinary through the writer: on chDB from a file in memory that the
   * engine reads with `file()`, on a server as the body of `INSERT ... FORMAT RowBinary`
   * (row-binary-insert.ts).
   */
  insertRowBinary(insert: RowBinaryInsert): Promise<void>;
  /**
   * Runs `fn` on a reader connection: on chDB one free of other queries (waiting for the first
   * that frees up when all are busy), on a server the one with the fewest in flight. Reads go
   * through the query port (queryRows, queryCompact), which calls this; nothing else should.
   * `fn` gets the abort signal to hand to the client: `signal`, and on a server a give-up when
   * the server is still silent a grace past the read's time bound in the engine (`boundMs`, its
   * max_execution_time), or a minute after it started without one, which fails the read with
   * EngineSilentError (server-wait.ts).
   * chDB gets `signal` alone: an abort cannot stop an embedded query that runs.
   */
  withReader<T>(
    fn: (client: ClickHouseClient, signal: AbortSignal | undefined) => Promise<T>,
    signal?: AbortSignal,
    boundMs?: number,
  ): Promise<T>;
  /**
   * How long one read through the query port may run in the engine: it is sent as the read's
   * `max_execution_time`, and past it the engine stops the read and fails it with TIMEOUT_EXCEEDED
   * (isReadTimeout). The engine's own bound because an abort signal cannot stop a chDB query that
   * runs: it would go on holding its reader. Undefined (as openDb opens it): no bound; the query
   * API sets one (withReadTimeout).
   */
  readTimeoutMs?: number;
  /** Runs `fn` against a connection without a default database (for CREATE DATABASE). */
  admin: ClickHouseClient;
  close(): Promise<void>;
  /** Called after every read through the query port (tag, seconds, success): the query-duration metric. */
  onQuery?: (tag: string, seconds: number, ok: boolean) => void;
};

type ClientConnection = NonNullable<Parameters<typeof createClient>[0]>['connection'];

/**
 * chDB's connection factory, loaded on the first embedded open rather than at import: server mode
 * never loads the engine, and a thread that only uses this package's types and helpers (a
 * benchmark's worker) does not load a native addon it would have to unload.
 */
async function chdb(): Promise<typeof import('chdb/connection')> {
  return import('chdb/connection');
}

async function embeddedClient(
  dataDir: string,
  log: ClientLog,
): Promise<{ client: ClickHouseClient; connection: ChdbConnection }> {
  const connection = (await chdb()).createChdbConnection({ path: dataDir });
  // chdb types its Connection against @clickhouse/client-common 1.23.0 while @clickhouse/client
  // 1.23.1 bundles its own copy of the same interface; the shapes match at run time.
  return { client: createClient({ connection: connection as unknown as ClientConnection, log }), connection };
}

type ClientLog = NonNullable<Parameters<typeof createClient>[0]>['log'];

/** Where the client's own log lines go: through `logger` when there is one, else the client's default. */
const clientLog = (logger: Logger | undefined): ClientLog => logger && { LoggerClass: clientLoggerClass(logger) };

type ChdbConnection = ReturnType<typeof import('chdb/connection')['createChdbConnection']>;
type InsertText = Db['insertText'];
/** The two inserts of one writer connection; the writer lane gives each connection one call at a time. */
type Inserts = { text: InsertText; rowBinary: Db['insertRowBinary'] };

/** insertText through the client: the text is the request body (server mode). */
function clientInsertText(client: ClickHouseClient): InsertText {
  return async ({ table, columns, format, text }) => {
    await client.insert({
      table,
      columns,
      format,
      values: Readable.from([text], { objectMode: false }),
      clickhouse_settings: logInsertSettings(table),
    });
  };
}

/** insertText on chDB: the UTF-8 bytes handed to the engine's raw insert (no string copies). */
function chdbInsertText(connection: ChdbConnection, database: string): InsertText {
  return async ({ table, columns, format, text }) => {
    const values = typeof text === 'string' ? Buffer.from(text) : text;
    await connection.chdb.rawInsert({
      table: `${database}.${table}`,
      columns,
      format,
      values,
      settings: logInsertSettings(table),
    });
  };
}

export async function openDb(opts: DbOptions): Promise<Db> {
  const readerCount = Math.max(1, opts.readers ?? 3);
  // A server connection takes many calls at once: one writer is enough there.
  const writerCount = opts.url ? 1 : EMBEDDED_WRITERS;
  let admin: ClickHouseClient;
  /** A connection; a server's readers leave giving up on a read to answeredWithin (server-wait.ts). */
  let make: (
    settings?: Readonly<Record<string, number>>,
    role?: 'reader' | 'writer',
  ) => Promise<{ client: ClickHouseClient; inserts: Inserts }>;
  let insertFiles: InsertFiles | undefined;
  let mode: DbMode;
  let engine: { close(): void } | undefined;
  const log = clientLog(opts.logger);
  if (opts.url) {
    mode = 'server';
    const base = {
      url: opts.url,
      // Cluster mode writes through Distributed tables; synchronous inserts make a committed insert
      // mean "stored on the shards", not "queued on this node", so a 200 still means stored.
      // Reads hold `IN (subquery)` over Distributed tables inside reads of Distributed tables (a
      // page's ids, a project's deleted series): with two shards or more the engine refuses those
      // by default (distributed_product_mode 'deny'). 'global' runs each such subquery once, on the
      // node asking, and sends its set to the shards: the answer the single-server schema gives,
      // where 'local' would evaluate a page's ORDER BY ... LIMIT on each shard's rows alone.
      clickhouse_settings: opts.cluster
        ? ({ insert_distributed_sync: 1, distributed_product_mode: 'global' } as const)
        : {},
      username: opts.user ?? 'default',
      password: opts.password ?? '',
      request_timeout: STATEMENT_TIMEOUT_MS,
      // A flush of a large batch is one request; compression saves loopback and network time alike.
      compression: { request: false, response: true },
      log,
    };
    admin = createClient(base);
    make = async (settings = {}, role = 'writer') => {
      const client = createClient({
        ...base,
        clickhouse_settings: { ...base.clickhouse_settings, ...settings },
        database: opts.database,
        ...(role === 'reader' && { request_timeout: READER_REQUEST_TIMEOUT_MS }),
      });
      return { client, inserts: { text: clientInsertText(client), rowBinary: clientInsertRowBinary(client) } };
    };
  } else {
    mode = 'embedded';
    reserveThreadPool(readerCount + writerCount);
    const dir = path.resolve(opts.dataDir ?? './data', 'chdb');
    mkdirSync(dir, { recursive: true });
    engine = await startEngine(dir);
    admin = (await embeddedClient(dir, log)).client;
    const files = new InsertFiles();
    insertFiles = files;
    // chDB ignores the client's `database` option; USE sets the session default instead.
    make = async (settings = {}) => {
      const { client, connection } = await embeddedClient(dir, log);
      await client.command({ query: `USE ${quoteIdent(opts.database)}` });
      // Settings of the session: chDB keeps a SET for the connection's later queries.
      for (const [name, value] of Object.entries(settings)) await client.command({ query: `SET ${name} = ${value}` });
      // quoteIdent above checked the name; the raw insert names the table in full.
      return {
        client,
        inserts: { text: chdbInsertText(connection, opts.database), rowBinary: chdbInsertRowBinary(client, files) },
      };
    };
  }
  const onCluster = opts.cluster ? ` ON CLUSTER ${quoteIdent(opts.cluster, /^[A-Za-z_][A-Za-z0-9_.-]*$/)}` : '';
  if (opts.createDatabase !== false) {
    await admin.command({ query: `CREATE DATABASE IF NOT EXISTS ${quoteIdent(opts.database)}${onCluster}` });
  }
  const writers = await Promise.all(
    Array.from({ length: writerCount }, () => make(mode === 'embedded' ? WRITER_SETTINGS : {})),
  );
  const writer = writers[0]!;
  const readers = (await Promise.all(Array.from({ length: readerCount }, () => make(READER_SETTINGS, 'reader')))).map(
    (r) => r.client,
  );
  // A chDB connection takes one call at a time (see Lanes); a server connection many.
  const perConnection = mode === 'embedded' ? 1 : Number.POSITIVE_INFINITY;
  const readerLanes = new Lanes(readers, perConnection);
  const writerLane = new Lanes(
    writers.map((w) => w.inserts),
    perConnection,
  );

  return {
    mode,
    database: opts.database,
    writer: writer.client,
    insertText: (params) => writerLane.run((inserts) => inserts.text(params)),
    insertRowBinary: (insert) => writerLane.run((inserts) => inserts.rowBinary(insert)),
    admin,
    withReader: (fn, signal, boundMs) =>
      mode === 'server'
        ? answeredWithin(boundMs, signal, (wait) => readerLanes.run((client) => fn(client, wait), signal))
        : readerLanes.run((client) => fn(client, signal), signal),
    async close() {
      await Promise.allSettled([
        ...writers.map((w) => w.client.close()),
        ...readers.map((r) => r.close()),
        admin.close(),
      ]);
      engine?.close();
      insertFiles?.remove();
    },
  };
}

/**
 * Writer connections of the embedded engine, so that inserts into different tables run side by
 * side (one table's inserts never overlap: the ingest log's writer runs one at a time per table).
 * A chDB connection runs one query at a time, so with one writer the inserts of the trace and
 * observation tables waited for each other: under a saturating load each took the other's time
 * too, and rows became readable that much later.
 * Figures: docs/decisions/0079-writer-connections-and-unfolded-inserts.md.
 */
const EMBEDDED_WRITERS = 2;

/** Threads of libuv's pool left for everything but the engine: libuv's own default. */
const POOL_THREADS_BESIDE_ENGINE = 4;

/**
 * Sizes libuv's thread pool for `connections` chDB connections: each holds one pool thread while
 * a call of its runs (Lanes lets each take one call at a time), and files, gzip and DNS keep the
 * four threads libuv has by default. With the default pool of four, three busy readers and an
 * insert took every thread, and the ingest log's write and fdatasync waited behind the queries.
 * libuv reads UV_THREADPOOL_SIZE once, when the pool is first used: this runs before the first
 * engine call of the process, and has no effect in a process that used the pool before (tests).
 */
function reserveThreadPool(connections: number): void {
  process.env.UV_THREADPOOL_SIZE = String(connections + POOL_THREADS_BESIDE_ENGINE);
}

/**
 * Quotes an identifier that config already restricted to [A-Za-z0-9_]. Query parameters cannot
 * name a database in USE or CREATE DATABASE, so this is the one place an identifier is written
 * into SQL text; it refuses anything but a plain identifier.
 */
export function quoteIdent(name: string, allowed = /^[A-Za-z_][A-Za-z0-9_]*$/): string {
  if (!allowed.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `\`${name}\``;
}
