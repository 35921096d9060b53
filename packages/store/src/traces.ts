import { TABLES } from '@spanhouse/db/tables';
import { chToIso, chToMicros } from '@spanhouse/schema';
import { finiteOr0, orNull, str } from './decode-values.ts';
import { type EncodedRows, rowBinaryEncoding, type TableEncoding, type TableRows } from './encoded.ts';
import { parseJsonText } from './json-text.ts';
import { RowBytes } from './row-binary/row-bytes.ts';
import { WRITTEN_COLUMN } from './trace-deletions.ts';
import { quoted, tsvField } from './tsv/fields.ts';
import { LineBytes } from './tsv/line-bytes.ts';
import { mapText, num, numberMap, stringArray } from './tsv/literals.ts';
import { element, elementsOf, latest, latestOfEach, nextVersion, type Versioned, versionedText } from './versioned.ts';

/*
 * `traces_v2` (clickhouse/0001, 0004, 0007, 0021, 0055): every piece of a trace is a row, merged by the
 * versioned-value rule (versioned.ts) into one per trace id. Writer: TraceRow, TRACES_ENCODING,
 * encodeTraces. Readers: TRACE_EXPR (expressions over a merged row, FROM traces FINAL),
 * traceSelect and fromTraceRow, traceConditions for a filter. Every row belongs to a project.
 */

/** Row of `traces`: every field a piece carries, as an idempotent aggregate input. */
export type TraceRow = {
  project_id: string;
  id: string;
  timestamp: string;
  name: Versioned<string>;
  user_id: Versioned<string>;
  session_id: Versioned<string>;
  release: Versioned<string>;
  version: Versioned<string>;
  environment: Versioned<string>;
  input: Versioned<string>;
  output: Versioned<string>;
  tags: string[];
  metadata: Record<string, Versioned<string>>;
  /** The per-observation summary, one map per field, keyed by observation id (0007). */
  obs_ids: string[];
  obs_start: Record<string, Versioned<number>>;
  obs_end: Record<string, Versioned<number>>;
  /** (version, model, USD per input unit, USD per output unit). */
  obs_model: Record<string, [number, string, number, number]>;
  /**
   * (version, input, output, total): the kinds named exactly `input` and `output`, which the
   * model's prices apply to, and the total (given, else the sum of every kind).
   */
  obs_usage: Record<string, [number, number, number, number]>;
  /**
   * (version, units of the kinds whose name contains "input", of those containing "output"),
   * case-insensitive (clickhouse/0055): the tokens the daily report and the trace list count.
   * Same ids and versions as obs_usage.
   */
  obs_usage_kinds: Record<string, [number, number, number]>;
  /**
   * (version, total USD): a cost the client sent, or one the writer computed per usage kind (at an
   * implied version, which a sent one beats), or PRICED_AT_READ.
   */
  obs_cost: Record<string, Versioned<number>>;
  /**
   * The piece's summaries (clickhouse/0004, 0007), computed by the writer rather than by the
   * columns' DEFAULT expressions, which cost the engine more than the rest of the row's insert.
   * Empty: the Int64 extremes, as text (a double cannot hold them): EMPTY_SPAN.
   */
  obs_count: number;
  start_min: number | string;
  end_max: number | string;
  cost_sum: number;
  usage_units: number;
  price_max: number;
  model_obs: Record<string, number>;
  /** Per model, the units of obs_usage_kinds (input and output kinds), not obs_usage's. */
  model_input: Record<string, number>;
  model_output: Record<string, number>;
  model_total: Record<string, number>;
  model_cost: Record<string, number>;
};

/** start_min and end_max of a piece without observations: the Int64 extremes, as text. */
export const EMPTY_SPAN = { startMin: '9223372036854775807', endMax: '-9223372036854775808' } as const;

/** The trace row's summaries (0004, 0007), computed at ingest (see TraceRow). */
export const SUMMARY_COLUMNS = [
  'obs_count',
  'start_min',
  'end_max',
  'cost_sum',
  'usage_units',
  'price_max',
  'model_obs',
  'model_input',
  'model_output',
  'model_total',
  'model_cost',
] as const;

/**
 * The columns of the TabSeparated lines (encodeTracesTsv): the rows of the version before 0055,
 * without obs_usage_kinds, which such an insert takes from obs_usage (its DEFAULT).
 */
export const TRACE_COLUMNS: [string, ...string[]] = [
  'project_id',
  'id',
  'timestamp',
  'name',
  'user_id',
  'session_id',
  'release',
  'version',
  'environment',
  'input',
  'output',
  'tags',
  'metadata',
  'obs_ids',
  'obs_start',
  'obs_end',
  'obs_model',
  'obs_usage',
  'obs_cost',
  ...SUMMARY_COLUMNS,
  WRITTEN_COLUMN,
];

/** The columns as RowBinary writes them (encodeTracesRowBinary): TRACE_COLUMNS and obs_usage_kinds. */
export const TRACES_ENCODING: TableEncoding = rowBinaryEncoding([
  ['project_id', 'LowCardinality(String)'],
  ['id', 'String'],
  ['timestamp', 'DateTime64(6)'],
  ['name', 'Tuple(UInt64, String)'],
  ['user_id', 'Tuple(UInt64, String)'],
  ['session_id', 'Tuple(UInt64, String)'],
  ['release', 'Tuple(UInt64, String)'],
  ['version', 'Tuple(UInt64, String)'],
  ['environment', 'Tuple(UInt64, String)'],
  ['input', 'Tuple(UInt64, String)'],
  ['output', 'Tuple(UInt64, String)'],
  ['tags', 'Array(String)'],
  ['metadata', 'Map(String, Tuple(UInt64, String))'],
  ['obs_ids', 'Array(String)'],
  ['obs_start', 'Map(String, Tuple(UInt64, Int64))'],
  ['obs_end', 'Map(String, Tuple(UInt64, Int64))'],
  ['obs_model', 'Map(String, Tuple(UInt64, String, Float64, Float64))'],
  ['obs_usage', 'Map(String, Tuple(UInt64, UInt64, UInt64, UInt64))'],
  ['obs_cost', 'Map(String, Tuple(UInt64, Float64))'],
  ['obs_usage_kinds', 'Map(String, Tuple(UInt64, UInt64, UInt64))'],
  ['obs_count', 'UInt64'],
  ['start_min', 'Int64'],
  ['end_max', 'Int64'],
  ['cost_sum', 'Float64'],
  ['usage_units', 'UInt64'],
  ['price_max', 'Float64'],
  ['model_obs', 'Map(String, UInt64)'],
  ['model_input', 'Map(String, UInt64)'],
  ['model_output', 'Map(String, UInt64)'],
  ['model_total', 'Map(String, UInt64)'],
  ['model_cost', 'Map(String, Float64)'],
  [WRITTEN_COLUMN, 'UInt64'],
]);

/** A Map(String, Tuple(...numbers)) literal of the per-observation summary. */
const tupleMap = (map: Record<string, readonly number[]>) => mapText(map, (t) => `(${t.map(num).join(',')})`);
const modelMap = (map: TraceRow['obs_model']) =>
  mapText(map, (m) => `(${m[0]},${quoted(m[1])},${num(m[2])},${num(m[3])})`);
/** A Map(String, Tuple(UInt64, String)) literal (metadata). */
const versionedMap = (map: Record<string, Versioned<string>>) => mapText(map, versionedText);

/**
 * Trace rows as TabSeparated lines, in UTF-8 bytes (docs/decisions/0004-ingest-tabseparated.md):
 * the rows as the version before RowBinary inserted them and logged them (SHL1 records). Kept,
 * its output unchanged, for the same callers as encodeObservationsTsv (the bench's TabSeparated
 * baseline through encodeTraceRows, the tests that compare with it or build old records and
 * tables with it), and for the test of the summaries that the writer computes against the
 * columns' DEFAULT expressions, which inserts these lines without the summary columns.
 */
export function encodeTracesTsv(rows: readonly TraceRow[]): Buffer {
  const out = new LineBytes(rows.length * 2048);
  const written = nextVersion();
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i]!;
    out.line(
      `${tsvField(t.project_id)}\t${tsvField(t.id)}\t${t.timestamp}\t${versionedText(t.name)}\t${versionedText(t.user_id)}\t` +
        `${versionedText(t.session_id)}\t${versionedText(t.release)}\t${versionedText(t.version)}\t` +
        `${versionedText(t.environment)}\t${versionedText(t.input)}\t${versionedText(t.output)}\t` +
        `${stringArray(t.tags)}\t${versionedMap(t.metadata)}\t${stringArray(t.obs_ids)}\t${tupleMap(t.obs_start)}\t` +
        `${tupleMap(t.obs_end)}\t${modelMap(t.obs_model)}\t${tupleMap(t.obs_usage)}\t${tupleMap(t.obs_cost)}\t` +
        `${t.obs_count}\t${t.start_min}\t${t.end_max}\t${num(t.cost_sum)}\t${t.usage_units}\t${num(t.price_max)}\t` +
        `${numberMap(t.model_obs)}\t${numberMap(t.model_input)}\t${numberMap(t.model_output)}\t` +
        `${numberMap(t.model_total)}\t${numberMap(t.model_cost)}\t${written}\n`,
    );
  }
  return out.bytes();
}

/** Trace rows in RowBinary (TRACES_ENCODING), in bytes. */
export function encodeTracesRowBinary(rows: readonly TraceRow[]): Buffer {
  const out = new RowBytes(rows.length * 1024);
  const written = nextVersion();
  const versionedInt64 = (v: Versioned<number>) => out.versionedInt64(v);
  const model = (m: TraceRow['obs_model'][string]) => out.versionedModel(m);
  const usage = (u: TraceRow['obs_usage'][string]) => out.versionedUsage(u);
  const usageKinds = (u: TraceRow['obs_usage_kinds'][string]) => out.versionedUsageKinds(u);
  const cost = (c: Versioned<number>) => out.versionedFloat64(c);
  const int64 = (n: number | string) => (typeof n === 'number' ? out.int64(n) : out.int64Text(n));
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i]!;
    out.string(t.project_id);
    out.string(t.id);
    out.int64(chToMicros(t.timestamp));
    out.versionedString(t.name);
    out.versionedString(t.user_id);
    out.versionedString(t.session_id);
    out.versionedString(t.release);
    out.versionedString(t.version);
    out.versionedString(t.environment);
    out.versionedString(t.input);
    out.versionedString(t.output);
    out.strings(t.tags);
    out.versionedStringMap(t.metadata);
    out.strings(t.obs_ids);
    out.map(t.obs_start, versionedInt64);
    out.map(t.obs_end, versionedInt64);
    out.map(t.obs_model, model);
    out.map(t.obs_usage, usage);
    out.map(t.obs_cost, cost);
    out.map(t.obs_usage_kinds, usageKinds);
    out.uint64(t.obs_count);
    int64(t.start_min);
    int64(t.end_max);
    out.float64(t.cost_sum);
    out.uint64(t.usage_units);
    out.float64(t.price_max);
    out.uint64Map(t.model_obs);
    out.uint64Map(t.model_input);
    out.uint64Map(t.model_output);
    out.uint64Map(t.model_total);
    out.float64Map(t.model_cost);
    out.uint64(written);
  }
  return out.bytes();
}

/** Trace rows as the writer takes them: encoded at once, so nothing but bytes waits for the log. */
export function encodeTraces(rows: readonly TraceRow[]): TableRows {
  const encoded: EncodedRows = { bytes: encodeTracesRowBinary(rows), rows: rows.length };
  return { [TABLES.traces]: encoded };
}

// ---------------------------------------------------------------------------------------------
// Reading a merged row (FROM traces FINAL)

/**
 * An obs_cost value that stands for no cost: the piece carried a usage or a model but not both (or
 * an unpriced model), so the cost a former piece computed no longer holds and the observation is
 * priced at read, from its usage's `input` and `output` at its model's prices. Below every cost.
 */
export const PRICED_AT_READ = -1;

/**
 * An observation's cost from the trace's field maps (clickhouse/0007): the cost sent or computed at
 * write, else usage x prices.
 */
const obsCost = (k: string) =>
  `if(mapContains(obs_cost, ${k}) AND ${latest(`obs_cost[${k}]`)} >= 0, ${latest(`obs_cost[${k}]`)}, ` +
  `${element(`obs_usage[${k}]`, 2)} * ${element(`obs_model[${k}]`, 3)} + ${element(`obs_usage[${k}]`, 3)} * ${element(`obs_model[${k}]`, 4)})`;

/**
 * SQL expressions over a merged `traces` row. The obs_* maps hold each observation's fields by id
 * (start, end, model with prices, usage, provided cost); an observation without an end counts its
 * start as its end. Input and output tokens are the usage kinds containing "input" and "output"
 * (obs_usage_kinds); a cost is the one sent or computed per kind at write (obs_cost), else the
 * kinds named exactly `input` and `output` (obs_usage) at the model's prices.
 */
export const TRACE_EXPR = {
  name: latest('name'),
  userId: latest('user_id'),
  sessionId: latest('session_id'),
  release: latest('release'),
  version: latest('version'),
  environment: `if(${latest('environment')} = '', 'default', ${latest('environment')})`,
  input: latest('input'),
  output: latest('output'),
  metadata: latestOfEach('metadata'),
  latency:
    `if(empty(obs_start), 0, (greatest(arrayMax(${elementsOf('obs_start', 2)}), ` +
    `if(empty(obs_end), -9223372036854775808, arrayMax(${elementsOf('obs_end', 2)}))) ` +
    `- arrayMin(${elementsOf('obs_start', 2)})) / 1e6)`,
  totalCost: `arraySum(arrayMap(k -> ${obsCost('k')}, obs_ids))`,
  /** Per observation (ARRAY JOIN obs_ids AS k): model, usage (input, output, total) and cost. */
  obsModel: latest('obs_model[k]'),
  obsUsageInput: element('obs_usage_kinds[k]', 2),
  obsUsageOutput: element('obs_usage_kinds[k]', 3),
  obsUsageTotal: element('obs_usage[k]', 4),
  obsCost: obsCost('k'),
  usageInput: `arraySum(${elementsOf('obs_usage_kinds', 2)})`,
  usageOutput: `arraySum(${elementsOf('obs_usage_kinds', 3)})`,
  usageTotal: `arraySum(${elementsOf('obs_usage', 4)})`,
} as const;

/**
 * The per-trace summaries (clickhouse/0004): upper bounds of the exact latency and cost. Every
 * version of every observation ever sent counts, so they never fall below the values TRACE_EXPR
 * computes from the obs maps, and equal them for a trace whose observations were each sent once.
 */
/** True for a trace none of whose observation ids came in two pieces: its summaries are exact. */
export const SUMMARIES_EXACT = 'obs_count = length(obs_keys)';

/**
 * For a trace whose observations came in several pieces, a cost computed from one piece's model
 * and another's usage is in no piece's cost_sum; usage_units x price_max bounds every such cost.
 */
export const BOUND_EXPR = {
  latency: 'if(obs_count = 0, 0, (end_max - start_min) / 1e6)',
  totalCost: `if(${SUMMARIES_EXACT}, cost_sum, cost_sum + usage_units * price_max)`,
} as const;

/** The summaries' values of latency, cost and usage: exact where SUMMARIES_EXACT holds. */
export const SUMMARY_EXPR = {
  latency: BOUND_EXPR.latency,
  totalCost: 'cost_sum',
  usageInput: 'arraySum(mapValues(model_input))',
  usageOutput: 'arraySum(mapValues(model_output))',
  usageTotal: 'arraySum(mapValues(model_total))',
} as const;

/** Per model (ARRAY JOIN mapKeys(model_obs) AS model): the summaries' sums. */
export const MODEL_SUMMARY_EXPR = {
  input: 'model_input[model]',
  output: 'model_output[model]',
  total: 'model_total[model]',
  observations: 'model_obs[model]',
  cost: 'model_cost[model]',
} as const;

type TraceSelectExpr = Pick<
  Record<keyof typeof TRACE_EXPR, string>,
  'latency' | 'totalCost' | 'usageInput' | 'usageOutput' | 'usageTotal'
>;

/** The SELECT list of a trace's core fields (`fromTraceOwnRow` leaves the others empty). */
const TRACE_CORE_SELECT = `
  id,
  timestamp,
  ${TRACE_EXPR.name} AS name,
  ${TRACE_EXPR.userId} AS user_id,
  ${TRACE_EXPR.sessionId} AS session_id,
  ${TRACE_EXPR.release} AS release,
  ${TRACE_EXPR.version} AS version,
  ${TRACE_EXPR.environment} AS environment,
  arraySort(tags) AS tags`;

/** Its input, output and metadata: with the observation ids, most of a row's bytes. */
const TRACE_IO_SELECT = `
  ${TRACE_EXPR.input} AS input,
  ${TRACE_EXPR.output} AS output,
  ${TRACE_EXPR.metadata} AS metadata`;

/**
 * The SELECT list of a trace's own fields (what its pieces set), without what its observations add
 * through the obs_* maps; `fromTraceOwnRow` maps it. The maps are most of a row's bytes and files,
 * so a reader that has the observations anyway leaves them unread.
 */
export const traceOwnSelect = `${TRACE_CORE_SELECT},${TRACE_IO_SELECT}`;

/**
 * The SELECT list of the trace readers, given how latency, cost and usage are read; `fromTraceRow`
 * maps it. `io: false` and `observationIds: false` leave those columns unread (a list whose caller
 * asked for other field groups): their fields then read as empty.
 */
export const traceSelect = (expr: TraceSelectExpr, read: { io?: boolean; observationIds?: boolean } = {}) =>
  [
    TRACE_CORE_SELECT,
    ...(read.io === false ? [] : [TRACE_IO_SELECT]),
    `
  ${expr.latency} AS latency,
  ${expr.totalCost} AS total_cost,
  ${expr.usageInput} AS usage_input,
  ${expr.usageOutput} AS usage_output,
  ${expr.usageTotal} AS usage_total`,
    ...(read.observationIds === false ? [] : ['\n  arraySort(obs_ids) AS observation_ids']),
  ].join(',');

/** A trace's own fields as traceOwnSelect reads them. */
export type TraceOwnFields = {
  id: string;
  timestamp: string;
  name: string | null;
  userId: string | null;
  sessionId: string | null;
  release: string | null;
  version: string | null;
  environment: string;
  tags: string[];
  input: unknown;
  output: unknown;
  metadata: Record<string, unknown>;
};

/** A trace as traceSelect reads it. */
export type TraceFields = TraceOwnFields & {
  latency: number;
  totalCost: number;
  /** Tokens summed over the trace's observations. */
  usage: { input: number; output: number; total: number };
  observationIds: string[];
};

/** One row of traceOwnSelect to TraceOwnFields (pure: no database). */
export function fromTraceOwnRow(r: Record<string, unknown>): TraceOwnFields {
  // Metadata keys come from clients: no prototype, so `__proto__` is a key like any other.
  const metadata: Record<string, unknown> = Object.create(null);
  for (const [k, v] of Object.entries((r.metadata ?? {}) as Record<string, unknown>)) metadata[k] = parseJsonText(v);
  return {
    id: str(r.id),
    timestamp: chToIso(str(r.timestamp)),
    name: orNull(r.name),
    userId: orNull(r.user_id),
    sessionId: orNull(r.session_id),
    release: orNull(r.release),
    version: orNull(r.version),
    environment: str(r.environment) || 'default',
    tags: Array.isArray(r.tags) ? r.tags.map(str) : [],
    input: parseJsonText(r.input),
    output: parseJsonText(r.output),
    metadata,
  };
}

/** One row of traceSelect to TraceFields (pure: no database). */
export function fromTraceRow(r: Record<string, unknown>): TraceFields {
  return {
    ...fromTraceOwnRow(r),
    latency: finiteOr0(r.latency),
    totalCost: finiteOr0(r.total_cost),
    usage: { input: finiteOr0(r.usage_input), output: finiteOr0(r.usage_output), total: finiteOr0(r.usage_total) },
    observationIds: Array.isArray(r.observation_ids) ? r.observation_ids.map(str) : [],
  };
}
