import type { Db } from './connection.ts';
import { clickHouseErrorCode } from './errors.ts';
import { withSessionParams } from './session-params.ts';
import { PROJECT_TABLES } from './tables.ts';

export type QueryParams = Record<string, unknown>;

/**
 * Query-level settings, written as a SETTINGS clause after the query: numbers only (a boolean
 * setting is 0 or 1), under names that are plain identifiers. A clause rather than the client's
 * settings: chDB runs each client setting as a separate SET statement before the query.
 */
export type ReadSettings = Record<string, number>;

type ReadBase = {
  sql: string;
  params?: QueryParams;
  /** Names the read: log_comment on a server (system.query_log points at its endpoint) and the
   * `query` label of its duration on /metrics. */
  tag: string;
  settings?: ReadSettings;
  signal?: AbortSignal;
};

/** A read whose rows come back as objects (JSONEachRow). */
export type RowQuery<T> = ReadBase & {
  /** Checks/maps one raw row at the boundary; rows are never cast. */
  map: (row: Record<string, unknown>) => T;
};

/**
 * A read whose rows come back as arrays in column order (JSONCompact: one JSON document). For
 * results of thousands of rows the client parses it at about half the cost of JSONEachRow, which
 * it parses line by line.
 */
export type CompactQuery<T> = ReadBase & {
  /** Checks/maps one raw row (its columns in SELECT order) at the boundary. */
  map: (row: unknown[]) => T;
};

/**
 * The query port: every ClickHouse read of the service goes through queryRows or queryCompact,
 * so each is tagged, carries its settings, runs on the reader pool and is timed (`db.onQuery`).
 */
export function queryRows<T>(db: Db, q: RowQuery<T>): Promise<T[]> {
  return read(db, q, 'JSONEachRow', (body) => {
    if (!Array.isArray(body)) throw new Error(`${q.tag}: expected JSONEachRow rows`);
    return body.map(q.map);
  });
}

/** The query port for reads of many rows: see CompactQuery. */
export function queryCompact<T>(db: Db, q: CompactQuery<T>): Promise<T[]> {
  return read(db, q, 'JSONCompact', (body) => {
    const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
    if (!Array.isArray(data)) throw new Error(`${q.tag}: expected JSONCompact data`);
    return data.map((row) => {
      if (!Array.isArray(row)) throw new Error(`${q.tag}: expected a row array`);
      return q.map(row);
    });
  });
}

/**
 * The query port for reads of many numbers: the result as raw bytes of RowBinary (little-endian
 * values, varint-prefixed arrays), which the caller decodes. Arrays of millions of floats come
 * back as their 8 bytes each instead of decimal text to parse.
 */
export function queryRowBinary(db: Db, q: ReadBase): Promise<Buffer> {
  const violation = projectScopeViolation(q.sql, q.params);
  if (violation) throw new Error(`${q.tag}: ${violation}`);
  const settings = boundedSettings(db, q.settings);
  const run = () =>
    db.withReader(
      async (client, signal) => {
        const res = await client.exec({
          ...withParams(db, `${withSettings(q.sql, settings)}\nFORMAT RowBinary`, q.params),
          clickhouse_settings: tagSettings(db, q.tag),
          abort_signal: signal,
        });
        const chunks: Buffer[] = [];
        for await (const chunk of res.stream) chunks.push(chunk as Buffer);
        // chDB hands the whole result over as one chunk: no copy then.
        return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      },
      q.signal,
      boundMsOf(settings),
    );
  return timed(db, q.tag, run);
}

/** The same database with its reads bounded by `ms` instead (Db.readTimeoutMs). */
export function withReadTimeout(db: Db, ms: number): Db {
  return { ...db, readTimeoutMs: ms };
}

/** ClickHouse's TIMEOUT_EXCEEDED: a read stopped at its `max_execution_time`. */
const TIMEOUT_EXCEEDED = '159';

/** Whether `err` is a read the engine stopped at its time bound (Db.readTimeoutMs). */
export function isReadTimeout(err: unknown): boolean {
  return clickHouseErrorCode(err) === TIMEOUT_EXCEEDED;
}

/** ClickHouse's TOO_DEEP_AST and TOO_BIG_AST: a query past the engine's parse limits. */
const QUERY_TOO_BIG = new Set(['167', '168']);

/** Whether `err` is a query the engine refused to parse for its size (too many conditions or values in it). */
export function isQueryTooBig(err: unknown): boolean {
  return QUERY_TOO_BIG.has(clickHouseErrorCode(err) ?? '');
}

/** A read's settings with the database's time bound, unless the read sets its own. */
function boundedSettings(db: Pick<Db, 'readTimeoutMs'>, settings: ReadSettings | undefined): ReadSettings | undefined {
  if (db.readTimeoutMs === undefined || settings?.max_execution_time !== undefined) return settings;
  return { ...settings, max_execution_time: db.readTimeoutMs / 1000 };
}

/** The same database with `onQuery` called after every read (for the query-duration metric). */
export function observeQueries(db: Db, onQuery: NonNullable<Db['onQuery']>): Db {
  return { ...db, onQuery };
}

/** Resolves when ClickHouse answers a trivial query on a reader connection (for /readyz). */
export async function pingDb(db: Db, signal?: AbortSignal): Promise<void> {
  await queryRows(db, { sql: 'SELECT 1 AS ok', tag: 'ping', signal, map: (r) => r.ok });
}

/** Runs one read on the reader pool, timed, and maps its parsed body. */
async function read<T>(
  db: Db,
  q: ReadBase,
  format: 'JSONEachRow' | 'JSONCompact',
  map: (body: unknown) => T[],
): Promise<T[]> {
  const violation = projectScopeViolation(q.sql, q.params);
  if (violation) throw new Error(`${q.tag}: ${violation}`);
  const settings = boundedSettings(db, q.settings);
  const run = () =>
    db.withReader(
      async (client, signal) => {
        const rs = await client.query({
          ...withParams(db, withSettings(q.sql, settings), q.params),
          format,
          clickhouse_settings: tagSettings(db, q.tag),
          abort_signal: signal,
        });
        return map(await rs.json());
      },
      q.signal,
      boundMsOf(settings),
    );
  return timed(db, q.tag, run);
}

/** A read's time bound in the engine (its max_execution_time) in milliseconds, if it has one. */
function boundMsOf(settings: ReadSettings | undefined): number | undefined {
  const seconds = settings?.max_execution_time;
  return seconds === undefined ? undefined : seconds * 1000;
}

/**
 * A read's SQL and parameters as sent: on a server, the parameters as the client sends them
 * (`param_*` of the request); on chDB, as SET statements of the read's own connection
 * (session-params.ts; docs/decisions/0027-chdb-query-parameters.md).
 */
function withParams(
  db: Pick<Db, 'mode'>,
  sql: string,
  params: QueryParams | undefined,
): { query: string; query_params?: QueryParams } {
  if (db.mode !== 'embedded') return { query: sql, query_params: params ?? {} };
  return { query: withSessionParams(sql, params ?? {}) };
}

/** Runs a read, reporting its duration and outcome to `db.onQuery` when set. */
async function timed<T>(db: Db, tag: string, run: () => Promise<T>): Promise<T> {
  if (!db.onQuery) return run();
  const start = performance.now();
  let ok = false;
  try {
    const result = await run();
    ok = true;
    return result;
  } finally {
    db.onQuery(tag, (performance.now() - start) / 1000, ok);
  }
}

/** `sql` with `settings` as its SETTINGS clause. */
export function withSettings(sql: string, settings: ReadSettings | undefined): string {
  const entries = Object.entries(settings ?? {});
  if (entries.length === 0) return sql;
  const clause = entries.map(([name, value]) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a setting name: ${name}`);
    if (!Number.isFinite(value)) throw new Error(`setting ${name}: not a number`);
    return `${name} = ${value}`;
  });
  return `${sql}\nSETTINGS ${clause.join(', ')}`;
}

/**
 * The query's tag as `log_comment`, on a server only: chDB has no query_log to read it from, and
 * its connection runs every client setting as a `SET ...;` statement before the query.
 */
function tagSettings(db: Pick<Db, 'mode'>, tag: string): { log_comment: string } | undefined {
  return db.mode === 'server' ? { log_comment: tag } : undefined;
}

/** The condition every read of a project's rows puts right after its table (see projectScopeViolation). */
export const PROJECT_CONDITION = 'project_id = {project:String}';

/** A project table's name, not as the qualifier of a column (`traces_v2.timestamp`). */
const SCOPED_TABLE = new RegExp(`\\b(${PROJECT_TABLES.join('|')})\\b(?!\\.)`, 'g');
/** A single-quoted SQL string (backslash escapes; a doubled quote reads as two strings). */
const STRING_LITERAL = /'(?:[^'\\]|\\.)*'/g;
/** What may follow a project table's name: FINAL, an ARRAY JOIN, then the project condition. */
const SCOPED_BY_PROJECT =
  /^(?:\s+FINAL)?(?:\s+ARRAY JOIN\s(?:[^()]|\([^()]*\))*?)?\s+(?:PRE)?WHERE\s+project_id = \{project:String\}/;

/**
 * Why a read would return rows of more than one project, or undefined when it would not: every
 * mention of a project table (PROJECT_TABLES) in `sql` must be followed by PROJECT_CONDITION
 * (after FINAL and an ARRAY JOIN at most), and the `project` parameter must name a project. The
 * readers write it through the store's `fromProject`; this check is the query port's guarantee
 * that no read forgets it.
 */
export function projectScopeViolation(sql: string, params: QueryParams | undefined): string | undefined {
  // A string literal that names a table (a mark kept per table) is a value, not a read of it.
  const code = sql.replace(STRING_LITERAL, "''");
  let scoped = false;
  for (const m of code.matchAll(SCOPED_TABLE)) {
    scoped = true;
    if (!SCOPED_BY_PROJECT.test(code.slice(m.index + m[0].length))) {
      return `a read of ${m[1]} without its project condition (${PROJECT_CONDITION} after the table)`;
    }
  }
  if (scoped && (typeof params?.project !== 'string' || params.project === '')) {
    return 'a read of a project table without the project parameter';
  }
  return undefined;
}

/** Builds `{sql, params}` fragments with generated parameter names (`p0`, `p1`, ...). */
export class ParamBuilder {
  readonly params: QueryParams = {};
  private n = 0;

  /** Registers a value and returns its placeholder, e.g. `{p3:String}`. */
  add(value: unknown, type: string): string {
    const name = `p${this.n++}`;
    this.params[name] = value;
    return `{${name}:${type}}`;
  }
}

/**
 * Parameters of a read of one project's rows: `project` bound once (PROJECT_CONDITION reads it),
 * other values added as usual.
 */
export class ProjectParams extends ParamBuilder {
  constructor(readonly project: string) {
    super();
    this.params.project = project;
  }
}
