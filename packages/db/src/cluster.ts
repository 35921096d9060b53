import { RETIRED_TABLES, TABLES } from './tables.ts';

/**
 * Cluster mode (CLICKHOUSE_CLUSTER): the migrations in clickhouse/ are written for one server and
 * rewritten here, statement by statement, as a pure text transform (tested with golden files):
 *
 * - every `CREATE TABLE t ... ENGINE = <X>MergeTree...` becomes two tables:
 *   `t_local`, the same columns on every node with `Replicated<X>MergeTree` (replicas of a shard
 *   copy each other through ClickHouse Keeper), and `t`, a `Distributed` table over `t_local`.
 *   The service reads and writes `t` and never knows it is on a cluster;
 * - the sharding key hashes the leading ORDER BY column (or a key from DEFAULT_SHARDING_KEYS), so
 *   every row of one sort key lands on one shard: FINAL and the Replacing/Aggregating merges then
 *   fold a trace's pieces (or an observation's re-sends) on that shard, as on one server;
 * - every DDL statement runs `ON CLUSTER`; ALTERs of columns go to both tables, other ALTERs
 *   (indexes, TTL, settings) to the local one; a materialized view runs on every node, from and
 *   into local tables; a dictionary is made on every node; DROP TABLE drops both tables, DROP VIEW
 *   the view on every node; ATTACH PARTITION ... FROM attaches each node's local parts.
 *
 * Anything it does not know how to rewrite is refused with an error, so a new kind of migration
 * cannot silently break cluster mode.
 */
export type ClusterOptions = {
  cluster: string;
  /** The database every table lives in (Distributed needs it by name on every node). */
  database: string;
  /** Override the sharding key of a table (default: DEFAULT_SHARDING_KEYS, else cityHash64 of the leading ORDER BY column). */
  shardingKeys?: Record<string, string>;
  /** Tables known to have a `_local` companion, for materialized views (defaults to TABLES). */
  tables?: readonly string[];
};

export const LOCAL_SUFFIX = '_local';

/**
 * Tables whose leading ORDER BY column would shard badly. Metrics lead with the metric name, and
 * one busy metric would sit on one shard; series_id (already a hash) spreads series evenly and
 * still keeps a series' samples, and its series row, on one shard, where the Replacing merge of
 * a re-sent point happens. Queries resolve labels to series ids and read samples by id, which the
 * Distributed tables fan out to every shard.
 */
export const DEFAULT_SHARDING_KEYS: Record<string, string> = {
  [TABLES.metricSeries]: 'series_id',
  [TABLES.metricSamples]: 'series_id',
  [TABLES.metricMinutes]: 'series_id',
  [TABLES.metricNonFinite]: 'series_id',
  // The project leads every other data table's key (clickhouse/0021), and one project must not sit
  // on one shard: the rest of the key spreads it, and still keeps a trace's pieces, an
  // observation's pieces, a score's versions and a lookup on one shard.
  [TABLES.traces]: 'cityHash64(project_id, id)',
  [TABLES.observationPieces]: 'cityHash64(project_id, trace_id)',
  [TABLES.observationTraces]: 'cityHash64(project_id, id)',
  // An observation's starts on its trace's shard, where the view writes them.
  [TABLES.observationTimes]: 'cityHash64(project_id, trace_id)',
  [TABLES.scores]: 'cityHash64(project_id, trace_id)',
  // A score's rows by time stay on the shard of its trace, where the view writes them.
  [TABLES.scoreTimes]: 'cityHash64(project_id, trace_id)',
  // A config's versions on one shard, where FINAL folds them; a project's configs spread.
  [TABLES.scoreConfigs]: 'cityHash64(project_id, id)',
  // A trace's dates stay on its shard (the view writes them there; the daily cache reads them by id).
  [TABLES.traceDayWrites]: 'cityHash64(project_id, id)',
  // A trace's search document on its trace's shard, where both views write it.
  [TABLES.traceSearch]: 'cityHash64(project_id, trace_id)',
  // A trace's tombstones on its shard, beside its rows (and the view writes its day row there).
  [TABLES.traceDeletions]: 'cityHash64(project_id, trace_id)',
  // A rewritten deleted trace beside its rows, where the views write it.
  [TABLES.traceRewrites]: 'cityHash64(project_id, trace_id)',
  // A row per table and settlement, never written on a cluster (decision 0095): any shard.
  [TABLES.traceTombstonesSettled]: 'cityHash64(at_us)',
  // A series' deletions beside its points.
  [TABLES.seriesDeletions]: 'series_id',
  // The tables before 0021, as their migrations were rewritten.
  metric_series: 'series_id',
  metric_samples: 'series_id',
  metric_minute_rollups: 'series_id',
  metric_nonfinite_samples: 'series_id',
  score_times: 'cityHash64(trace_id)',
  trace_day_writes: 'cityHash64(id)',
  // The per-minute table of 0005, replaced (and dropped) by 0006, which copies its rows.
  metric_minutes: 'series_id',
  // The search documents of 0047, whose parts 0051 attaches to trace_search_v3 (same key, same shard).
  trace_search_v2: 'cityHash64(project_id, trace_id)',
  // The one mark of 0058, replaced (and dropped) by 0059's marks per table.
  trace_tombstones_settled: 'cityHash64(at_us)',
};

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function clusterTransform(opts: ClusterOptions): (statement: string) => string[] {
  if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(opts.cluster)) throw new Error(`not a cluster name: ${opts.cluster}`);
  if (!IDENT.test(opts.database)) throw new Error(`not a plain identifier: ${opts.database}`);
  const onCluster = `ON CLUSTER \`${opts.cluster}\``;
  const known = new Set<string>(opts.tables ?? [...Object.values(TABLES), ...RETIRED_TABLES]);

  return (statement) => {
    const sql = statement.trim().replace(/;\s*$/, '');
    const create = /^CREATE\s+TABLE\s+(IF\s+NOT\s+EXISTS\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*/i.exec(sql);
    if (create) {
      const [head, ifNotExists = '', name] = create as unknown as [string, string | undefined, string];
      const rest = sql.slice(head.length);
      const engine = /\bENGINE\s*=\s*(\w*MergeTree)\b(\s*\(([^()]*)\))?/i.exec(rest);
      if (!engine) return [`CREATE TABLE ${ifNotExists}${name} ${onCluster} ${rest}`];
      known.add(name);
      const [engineText, engineName, , engineArgs] = engine as unknown as [string, string, string?, string?];
      const local = `${name}${LOCAL_SUFFIX}`;
      const replicated = engineName.startsWith('Replicated') ? engineName : `Replicated${engineName}`;
      const args = [`'/clickhouse/tables/{shard}/{database}/{table}'`, `'{replica}'`];
      if (engineArgs?.trim()) args.push(engineArgs.trim());
      const localRest =
        rest.slice(0, engine.index) +
        `ENGINE = ${replicated}(${args.join(', ')})` +
        rest.slice(engine.index + engineText.length);
      const key = opts.shardingKeys?.[name] ?? DEFAULT_SHARDING_KEYS[name] ?? shardingKey(rest.slice(engine.index));
      return [
        `CREATE TABLE ${ifNotExists}${local} ${onCluster} ${localRest}`,
        `CREATE TABLE ${ifNotExists}${name} ${onCluster} AS ${local}\n` +
          `ENGINE = Distributed('${opts.cluster}', '${opts.database}', '${local}', ${key})`,
      ];
    }

    const alter = /^ALTER\s+TABLE\s+([A-Za-z_][A-Za-z0-9_]*)\s+/i.exec(sql);
    if (alter) {
      const name = alter[1]!;
      const rest = sql.slice(alter[0].length);
      // Parts attached from another table come from its local table on the same node (the same
      // sharding key put the same rows there).
      const localRest = rest.replace(
        /^((?:ATTACH|REPLACE)\s+PARTITION\s+.+\s+FROM\s+)([A-Za-z_][A-Za-z0-9_]*)$/is,
        (m, head: string, from: string) => (known.has(from) ? `${head}${from}${LOCAL_SUFFIX}` : m),
      );
      const local = `ALTER TABLE ${name}${LOCAL_SUFFIX} ${onCluster} ${localRest}`;
      // Column changes must reach the Distributed table too, or it would not see the new column.
      if (/^(ADD|DROP|MODIFY|RENAME|COMMENT)\s+COLUMN\b/i.test(rest))
        return [local, `ALTER TABLE ${name} ${onCluster} ${rest}`];
      return [local];
    }

    const view =
      /^CREATE\s+MATERIALIZED\s+VIEW\s+(IF\s+NOT\s+EXISTS\s+)?([A-Za-z_][A-Za-z0-9_]*)\s+TO\s+([A-Za-z_][A-Za-z0-9_]*)\s+/i.exec(
        sql,
      );
    if (view) {
      const [head, ifNotExists = '', name, target] = view as unknown as [string, string | undefined, string, string];
      // Inserts reach each node's local tables, so the view must read and write local tables there.
      const select = sql
        .slice(head.length)
        .replace(/\b(FROM|JOIN)\s+([A-Za-z_][A-Za-z0-9_]*)\b/gi, (m, kw: string, t: string) =>
          known.has(t) ? `${kw} ${t}${LOCAL_SUFFIX}` : m,
        );
      return [`CREATE MATERIALIZED VIEW ${ifNotExists}${name} ${onCluster} TO ${target}${LOCAL_SUFFIX} ${select}`];
    }

    const plainView = /^CREATE\s+VIEW\s+(IF\s+NOT\s+EXISTS\s+)?([A-Za-z_][A-Za-z0-9_]*)\s+/i.exec(sql);
    if (plainView) {
      // A plain view reads the Distributed tables, like the service does.
      return [`CREATE VIEW ${plainView[1] ?? ''}${plainView[2]} ${onCluster} ${sql.slice(plainView[0].length)}`];
    }

    const dictionary = /^CREATE\s+DICTIONARY\s+(IF\s+NOT\s+EXISTS\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*/i.exec(sql);
    if (dictionary) {
      // A dictionary on every node, reading the Distributed tables (every shard's rows), as the
      // reads and the TTL rules on each node look it up there.
      return [
        `CREATE DICTIONARY ${dictionary[1] ?? ''}${dictionary[2]} ${onCluster} ${sql.slice(dictionary[0].length)}`,
      ];
    }

    const dropDictionary = /^DROP\s+DICTIONARY\s+(IF\s+EXISTS\s+)?([A-Za-z_][A-Za-z0-9_.]*)$/i.exec(sql);
    if (dropDictionary) {
      // One per node, as made above.
      return [`DROP DICTIONARY ${dropDictionary[1] ?? ''}${dropDictionary[2]} ${onCluster}`];
    }

    const drop = /^DROP\s+(TABLE|VIEW)\s+(IF\s+EXISTS\s+)?([A-Za-z_][A-Za-z0-9_]*)$/i.exec(sql);
    if (drop) {
      const [, kind, ifExists = '', name] = drop as unknown as [string, string, string | undefined, string];
      const what = kind.toUpperCase();
      // A table is two here (see CREATE TABLE above): the Distributed one first, so nothing reads
      // or writes through it while its local table goes. A view is one per node.
      const names = what === 'TABLE' ? [name, `${name}${LOCAL_SUFFIX}`] : [name];
      return names.map((n) => `DROP ${what} ${ifExists}${n} ${onCluster}`);
    }

    if (/^INSERT\s+INTO\s+[A-Za-z_][A-Za-z0-9_]*\s+(\([^()]*\)\s*)?SELECT\b/i.test(sql)) {
      // A backfill runs once, from one process, through the Distributed tables: it reads every
      // shard and the target's sharding key routes each row where the view would have put it.
      return [sql];
    }

    throw new Error(`cluster mode cannot rewrite this migration statement: ${sql.slice(0, 80)}`);
  };
}

/**
 * cityHash64 of the leading ORDER BY expression (after the engine clause), or rand() for
 * `ORDER BY tuple()`. Rows equal on the whole sort key are equal on its first element, so they
 * always meet on one shard.
 */
export function shardingKey(afterEngine: string): string {
  const order = /\bORDER\s+BY\s+/i.exec(afterEngine);
  if (!order) throw new Error('a MergeTree table needs ORDER BY to be sharded');
  const text = afterEngine.slice(order.index + order[0].length);
  const first = text.startsWith('(')
    ? splitTopLevel(text.slice(1, matchingParen(text, 0)))[0]
    : leadingExpression(text);
  if (!first || /^tuple\(\s*\)$/i.test(first)) return 'rand()';
  return `cityHash64(${first.trim()})`;
}

/** An unparenthesized ORDER BY: an identifier, possibly a call like toDate(ts). */
function leadingExpression(text: string): string {
  const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text)?.[0] ?? '';
  if (text[name.length] === '(') return text.slice(0, matchingParen(text, name.length) + 1);
  return name;
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  throw new Error('unbalanced parentheses in ORDER BY');
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(list.slice(start).trim());
  return parts.filter(Boolean);
}

/** The transform migrate() needs for a configuration: the cluster rewrite, or none on one server. */
export function migrationTransform(opts: { cluster?: string; database: string }) {
  return opts.cluster ? clusterTransform({ cluster: opts.cluster, database: opts.database }) : undefined;
}
