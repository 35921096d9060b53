import type { ProjectParams } from '@spanhouse/db';
import { TABLES } from '@spanhouse/db/tables';
import { finiteOr0, str } from './decode-values.ts';
import { type EncodedRows, rowBinaryEncoding, type TableEncoding, type TableRows } from './encoded.ts';
import { fromProject } from './project.ts';
import { RowBytes } from './row-binary/row-bytes.ts';
import { WRITTEN_COLUMN } from './trace-deletions.ts';
import { quoted, tsvField } from './tsv/fields.ts';
import { LineBytes } from './tsv/line-bytes.ts';
import { mapText, num, numberMap } from './tsv/literals.ts';
import {
  element,
  given,
  latest,
  latestOfEach,
  neverGiven,
  nextVersion,
  type Versioned,
  versionedNumberText,
  versionedText,
  WEAK_VERSION,
} from './versioned.ts';

/*
 * `observation_pieces_v2` (clickhouse/0007, 0021): every piece of an observation (a batch or OTLP
 * observation, an ingestion API create or update) is a row, each field merged by the versioned-value
 * rule. Writer: ObservationRow, OBSERVATION_COLUMNS, encodeObservationPieces (RowBinary;
 * encodeObservationsTsv says who still writes TabSeparated). Readers: OBS_EXPR over a merged row
 * (fromProject(observation_pieces, FINAL)), OBSERVATION_FIELDS as a select list or one tuple,
 * decodeObservation.
 */

/** Row of `observation_pieces`: times in microseconds. */
export type ObservationRow = {
  project_id: string;
  trace_id: string;
  id: string;
  type: Versioned<string>;
  name: Versioned<string>;
  start_time: Versioned<number>;
  end_time: Versioned<number>;
  parent_id: Versioned<string>;
  /** (version, model, USD per input unit, USD per output unit). */
  model: [number, string, number, number];
  input: Versioned<string>;
  output: Versioned<string>;
  metadata: Record<string, Versioned<string>>;
  usage: Versioned<Record<string, number>>;
  cost: Versioned<Record<string, number>>;
  /** The fields few pieces carry, as text by name (FIELD_KEYS); absent ones left out. */
  fields: Record<string, Versioned<string>>;
};

/** Keys of ObservationRow.fields. */
export const FIELD_KEYS = {
  environment: 'environment',
  version: 'version',
  level: 'level',
  statusMessage: 'status_message',
  completionStart: 'completion_start_time',
  modelParameters: 'model_parameters',
  promptName: 'prompt_name',
  promptVersion: 'prompt_version',
  events: 'events',
} as const;

export const OBSERVATION_COLUMNS: [string, ...string[]] = [
  'project_id',
  'trace_id',
  'id',
  'type',
  'name',
  'start_time',
  'end_time',
  'parent_id',
  'model',
  'input',
  'output',
  'metadata',
  'usage',
  'cost',
  'fields',
  WRITTEN_COLUMN,
];

/** The columns as RowBinary writes them (encodeObservationsRowBinary), in OBSERVATION_COLUMNS' order. */
export const OBSERVATION_PIECES_ENCODING: TableEncoding = rowBinaryEncoding([
  ['project_id', 'LowCardinality(String)'],
  ['trace_id', 'String'],
  ['id', 'String'],
  ['type', 'Tuple(UInt64, String)'],
  ['name', 'Tuple(UInt64, String)'],
  ['start_time', 'Tuple(UInt64, Int64)'],
  ['end_time', 'Tuple(UInt64, Int64)'],
  ['parent_id', 'Tuple(UInt64, String)'],
  ['model', 'Tuple(UInt64, String, Float64, Float64)'],
  ['input', 'Tuple(UInt64, String)'],
  ['output', 'Tuple(UInt64, String)'],
  ['metadata', 'Map(String, Tuple(UInt64, String))'],
  ['usage', 'Tuple(UInt64, Map(String, UInt64))'],
  ['cost', 'Tuple(UInt64, Map(String, Float64))'],
  ['fields', 'Map(String, Tuple(UInt64, String))'],
  [WRITTEN_COLUMN, 'UInt64'],
]);

/** A Map(String, Tuple(UInt64, String)) literal (metadata, rare fields). */
const versionedMap = (map: Record<string, Versioned<string>>) => mapText(map, versionedText);

/**
 * Observation rows as TabSeparated lines, in UTF-8 bytes (docs/decisions/0004-ingest-tabseparated.md):
 * the rows as the version before RowBinary inserted them and logged them (SHL1 records). The
 * service no longer writes them, and a log's TabSeparated records are inserted as their bytes,
 * never through this encoder. It stays for the callers that need the rows exactly as that
 * version wrote them, so its output must not change: encodeTraceRows(rows, 'TabSeparated') in
 * @spanhouse/ingest-api/pipeline (the bench's TabSeparated baseline, insert-formats) and the
 * tests that hold the RowBinary encoder to it, build old log records and pre-migration tables
 * with it, or insert fixture rows as text.
 */
export function encodeObservationsTsv(rows: readonly ObservationRow[]): Buffer {
  const out = new LineBytes(rows.length * 768);
  const written = nextVersion();
  for (let i = 0; i < rows.length; i++) {
    const o = rows[i]!;
    const m = o.model;
    out.line(
      `${tsvField(o.project_id)}\t${tsvField(o.trace_id)}\t${tsvField(o.id)}\t${versionedText(o.type)}\t${versionedText(o.name)}\t` +
        `${versionedNumberText(o.start_time)}\t${versionedNumberText(o.end_time)}\t${versionedText(o.parent_id)}\t` +
        `(${m[0]},${quoted(m[1])},${num(m[2])},${num(m[3])})\t${versionedText(o.input)}\t${versionedText(o.output)}\t` +
        `${versionedMap(o.metadata)}\t(${o.usage[0]},${numberMap(o.usage[1])})\t` +
        `(${o.cost[0]},${numberMap(o.cost[1])})\t${versionedMap(o.fields)}\t${written}\n`,
    );
  }
  return out.bytes();
}

/** Observation rows in RowBinary (OBSERVATION_PIECES_ENCODING), in bytes. */
export function encodeObservationsRowBinary(rows: readonly ObservationRow[]): Buffer {
  const out = new RowBytes(rows.length * 512);
  const written = nextVersion();
  for (let i = 0; i < rows.length; i++) {
    const o = rows[i]!;
    out.string(o.project_id);
    out.string(o.trace_id);
    out.string(o.id);
    out.versionedString(o.type);
    out.versionedString(o.name);
    out.versionedInt64(o.start_time);
    out.versionedInt64(o.end_time);
    out.versionedString(o.parent_id);
    out.versionedModel(o.model);
    out.versionedString(o.input);
    out.versionedString(o.output);
    out.versionedStringMap(o.metadata);
    out.versionedUInt64Map(o.usage);
    out.versionedFloat64Map(o.cost);
    out.versionedStringMap(o.fields);
    out.uint64(written);
  }
  return out.bytes();
}

/**
 * The earliest observation start (µs) pieces can change a read placed at start times at (the LLM
 * series put a generation at its start). A piece that gives a start places its observation there;
 * one that gives none (an update: never given or the weak default) can complete an observation
 * whose start an earlier piece gave, at any time, so it counts from 0. Taken as given: a start,
 * once given, is not given again as another time.
 */
export function piecesChangeFromUs(rows: readonly ObservationRow[]): number {
  let from = Number.POSITIVE_INFINITY;
  for (const o of rows) from = Math.min(from, o.start_time[0] > WEAK_VERSION ? o.start_time[1] : 0);
  return from;
}

/** Observation rows as the writer takes them. */
export function encodeObservationPieces(rows: readonly ObservationRow[]): TableRows {
  const encoded: EncodedRows = {
    bytes: encodeObservationsRowBinary(rows),
    rows: rows.length,
    changesFromUs: piecesChangeFromUs(rows),
  };
  return { [TABLES.observationPieces]: encoded };
}

// ---------------------------------------------------------------------------------------------
// Reading a merged row (fromProject(observation_pieces, FINAL))

/** SQL for one of the rarely carried fields (FIELD_KEYS), as text ('' when absent). */
export const fieldExpr = (key: string) => latest(`fields['${key.replace(/[^a-z_]/g, '')}']`);

/**
 * Expressions over a merged observation row; times in microseconds. An end before the start (pieces
 * may set them apart: a create's start, an update's end) reads as the start, as Langfuse clamps it.
 */
export const OBS_EXPR = {
  type: latest('type'),
  name: latest('name'),
  start: latest('start_time'),
  end: `greatest(${latest('end_time')}, ${latest('start_time')})`,
  endGiven: given('end_time'),
  endOrNull: `if(${neverGiven('end_time')}, NULL, greatest(${latest('end_time')}, ${latest('start_time')}))`,
  parentId: latest('parent_id'),
  model: latest('model'),
  inputPrice: element('model', 3),
  outputPrice: element('model', 4),
  input: latest('input'),
  output: latest('output'),
  metadata: latestOfEach('metadata'),
  usage: latest('usage'),
  cost: latest('cost'),
  fields: latestOfEach('fields'),
  environment: fieldExpr(FIELD_KEYS.environment),
} as const;

/**
 * SQL over a merged observation: the units of its usage kinds whose name contains `word` (any
 * case), as Langfuse counts input and output tokens (`input_cached_tokens` is input,
 * `output_reasoning_tokens` output), as the observation view, the trace list and the daily report do.
 */
export const obsUsageOfKinds = (word: 'input' | 'output') =>
  `arraySum(mapValues(mapFilter((k, v) -> positionCaseInsensitive(k, '${word}') > 0, ${OBS_EXPR.usage})))`;

/**
 * SQL over a merged observation: its cost as the observation view computes it (costsOf): the cost
 * details sent or computed at write (their `total`, else their sum), else `input` and `output` at
 * the model's prices.
 */
export const OBS_COST =
  `if(empty(${OBS_EXPR.cost}), ${OBS_EXPR.usage}['input'] * ${OBS_EXPR.inputPrice} + ${OBS_EXPR.usage}['output'] * ${OBS_EXPR.outputPrice}, ` +
  `if(mapContains(${OBS_EXPR.cost}, 'total'), ${OBS_EXPR.cost}['total'], arraySum(mapValues(${OBS_EXPR.cost}))))`;

/**
 * What every observation reader selects, by output name. A version of 0 means the field was
 * never given: an end never given reads as NULL.
 */
export const OBSERVATION_FIELDS: [name: string, expr: string][] = [
  ['id', 'id'],
  ['trace_id', 'trace_id'],
  ['type', OBS_EXPR.type],
  ['name', OBS_EXPR.name],
  ['start_us', OBS_EXPR.start],
  ['end_us', OBS_EXPR.endOrNull],
  ['parent_id', OBS_EXPR.parentId],
  ['model', OBS_EXPR.model],
  ['input_price', OBS_EXPR.inputPrice],
  ['output_price', OBS_EXPR.outputPrice],
  ['input', OBS_EXPR.input],
  ['output', OBS_EXPR.output],
  ['metadata', OBS_EXPR.metadata],
  ['usage', OBS_EXPR.usage],
  ['cost', OBS_EXPR.cost],
  ['fields', OBS_EXPR.fields],
];

/** The fields as one positional tuple (for arrays of observations beside other columns). */
export const OBSERVATION_TUPLE = `(${OBSERVATION_FIELDS.map(([, expr]) => expr).join(', ')})`;

/** 1-based position of a field in OBSERVATION_TUPLE (for lambdas over arrays of them). */
export const observationTupleIndex = (name: string) => OBSERVATION_FIELDS.findIndex(([n]) => n === name) + 1;

/** An observation as the readers see it: values merged, JSON kept as its stored text ('' absent). */
export type StoredObservation = {
  id: string;
  traceId: string;
  type: string;
  name: string;
  startUs: number;
  /** Null when never given. */
  endUs: number | null;
  parentId: string;
  model: string;
  prices: { input: number; output: number };
  input: string;
  output: string;
  /** JSON text per key. */
  metadata: Record<string, string>;
  usage: Record<string, number>;
  cost: Record<string, number>;
  /** The rare fields by FIELD_KEYS name, as text. */
  fields: Record<string, string>;
};

/** A stored map; its keys are the clients', so `__proto__` stays a plain key. */
function mapOf<V>(x: unknown, value: (v: unknown) => V): Record<string, V> {
  const out: Record<string, V> = Object.create(null);
  if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) out[k] = value(v);
  return out;
}

/** One observation selected by OBSERVATION_FIELDS (as named columns) to StoredObservation. */
export function decodeObservation(r: Record<string, unknown>): StoredObservation {
  return {
    id: str(r.id),
    traceId: str(r.trace_id),
    type: str(r.type),
    name: str(r.name),
    startUs: finiteOr0(r.start_us),
    endUs: r.end_us === null || r.end_us === undefined ? null : finiteOr0(r.end_us),
    parentId: str(r.parent_id),
    model: str(r.model),
    prices: { input: finiteOr0(r.input_price), output: finiteOr0(r.output_price) },
    input: str(r.input),
    output: str(r.output),
    metadata: mapOf(r.metadata, str),
    usage: mapOf(r.usage, finiteOr0),
    cost: mapOf(r.cost, finiteOr0),
    fields: mapOf(r.fields, str),
  };
}

/** An observation selected as OBSERVATION_TUPLE to StoredObservation. */
export function decodeObservationTuple(tuple: unknown): StoredObservation {
  const values = Array.isArray(tuple) ? tuple : [];
  return decodeObservation(Object.fromEntries(OBSERVATION_FIELDS.map(([name], i) => [name, values[i]])));
}

/**
 * The latest model and the latest usage stored for each of `keys` (observations by trace and id) of
 * the project that has either: a row per observation (trace_id, id, model, usage_version, usage_map;
 * model '' and usage version 0 where none was given). max() over the pieces' versioned tuples is
 * the merged value, as a merge computes it, without FINAL.
 */
export const storedModelAndUsageSql = (keys: readonly { traceId: string; id: string }[], p: ProjectParams) =>
  `SELECT trace_id, id, tupleElement(max(model), 2) AS model, max(usage) AS latest_usage,
    tupleElement(latest_usage, 1) AS usage_version, tupleElement(latest_usage, 2) AS usage_map ${fromProject(
      TABLES.observationPieces,
      p,
      {
        filters: [
          `trace_id IN ${p.add([...new Set(keys.map((k) => k.traceId))], 'Array(String)')}`,
          `id IN ${p.add([...new Set(keys.map((k) => k.id))], 'Array(String)')}`,
        ],
      },
    )} GROUP BY trace_id, id HAVING model != '' OR usage_version > 0`;

/** One row of storedModelAndUsageSql: its observation's trace id and id, model ('' when none) and usage. */
export const fromStoredModelAndUsageRow = (r: Record<string, unknown>) => ({
  traceId: str(r.trace_id),
  id: str(r.id),
  model: str(r.model),
  usage: [finiteOr0(r.usage_version), mapOf(r.usage_map, finiteOr0)] as Versioned<Record<string, number>>,
});
