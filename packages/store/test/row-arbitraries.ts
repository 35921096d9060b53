import fc from 'fast-check';
import type { ObservationRow } from '../src/observation-pieces.ts';
import type { TraceRow } from '../src/traces.ts';

/*
 * Random rows of the trace tables for the encoding tests, built from the values each test chooses
 * (the text it can store, the counts, the money amounts, the times, the Int64 summaries): the
 * TabSeparated test compares with JSONEachRow, which has no NaN, the RowBinary test with
 * TabSeparated, which has.
 */

export type RowValues = {
  text: fc.Arbitrary<string>;
  /** UInt64 values: versions, counts, token usage. */
  count: fc.Arbitrary<number>;
  /** Float64 values: prices and costs. */
  money: fc.Arbitrary<number>;
  /** Microseconds. */
  micros: fc.Arbitrary<number>;
  /** A trace's timestamp as the writer spells it. */
  timestamp: fc.Arbitrary<string>;
  /** start_min and end_max: Int64, or their extremes as text. */
  int64: fc.Arbitrary<number | string>;
  project: fc.Arbitrary<string>;
};

export function observationRows(v: RowValues): fc.Arbitrary<ObservationRow> {
  const versioned = fc.tuple(v.count, v.text) as fc.Arbitrary<[number, string]>;
  const vMicros = fc.tuple(v.count, v.micros) as fc.Arbitrary<[number, number]>;
  return fc.record({
    project_id: v.project,
    trace_id: v.text,
    id: v.text,
    type: fc.tuple(v.count, fc.constantFrom('SPAN', 'GENERATION', 'EVENT')) as fc.Arbitrary<[number, string]>,
    name: versioned,
    start_time: vMicros,
    end_time: vMicros,
    parent_id: versioned,
    model: fc.tuple(v.count, v.text, v.money, v.money) as fc.Arbitrary<[number, string, number, number]>,
    input: fc.tuple(v.count, fc.oneof(v.text, fc.json())) as fc.Arbitrary<[number, string]>,
    output: fc.tuple(v.count, fc.oneof(v.text, fc.json())) as fc.Arbitrary<[number, string]>,
    metadata: fc.dictionary(v.text, versioned, { maxKeys: 4 }),
    usage: fc.tuple(v.count, fc.dictionary(v.text, v.count, { maxKeys: 4 })) as fc.Arbitrary<
      [number, Record<string, number>]
    >,
    cost: fc.tuple(v.count, fc.dictionary(v.text, v.money, { maxKeys: 4 })) as fc.Arbitrary<
      [number, Record<string, number>]
    >,
    fields: fc.dictionary(v.text, versioned, { maxKeys: 4 }),
  });
}

export function traceRows(v: RowValues): fc.Arbitrary<TraceRow> {
  const versioned = fc.tuple(v.count, v.text) as fc.Arbitrary<[number, string]>;
  const vMicros = fc.tuple(v.count, v.micros) as fc.Arbitrary<[number, number]>;
  const usageMap = fc.dictionary(v.text, v.count, { maxKeys: 4 });
  const costMap = fc.dictionary(v.text, v.money, { maxKeys: 4 });
  return (
    fc
      .record({
        project_id: v.project,
        id: v.text,
        timestamp: v.timestamp,
        name: versioned,
        user_id: versioned,
        session_id: versioned,
        release: versioned,
        version: versioned,
        environment: versioned,
        input: versioned,
        output: versioned,
        tags: fc.array(v.text, { maxLength: 4 }),
        metadata: fc.dictionary(v.text, versioned, { maxKeys: 4 }),
        obs_ids: fc.array(v.text, { maxLength: 6 }),
        obs_start: fc.dictionary(v.text, vMicros, { maxKeys: 6 }),
        obs_end: fc.dictionary(v.text, vMicros, { maxKeys: 6 }),
        obs_model: fc.dictionary(
          v.text,
          fc.tuple(v.count, v.text, v.money, v.money) as fc.Arbitrary<[number, string, number, number]>,
          { maxKeys: 6 },
        ),
        obs_usage: fc.dictionary(
          v.text,
          fc.tuple(v.count, v.count, v.count, v.count) as fc.Arbitrary<[number, number, number, number]>,
          { maxKeys: 6 },
        ),
        obs_cost: fc.dictionary(v.text, fc.tuple(v.count, v.money) as fc.Arbitrary<[number, number]>, { maxKeys: 6 }),
        obs_count: v.count,
        start_min: v.int64,
        end_max: v.int64,
        cost_sum: v.money,
        usage_units: v.count,
        price_max: v.money,
        model_obs: usageMap,
        model_input: usageMap,
        model_output: usageMap,
        model_total: usageMap,
        model_cost: costMap,
      })
      // The kinds as a row without them (the TabSeparated lines) stores them: from obs_usage.
      .map((t) => ({ ...t, obs_usage_kinds: usageKindsOf(t.obs_usage) }))
  );
}

/** obs_usage_kinds as clickhouse/0055's DEFAULT takes it from obs_usage. */
function usageKindsOf(usage: TraceRow['obs_usage']): TraceRow['obs_usage_kinds'] {
  const out: TraceRow['obs_usage_kinds'] = Object.create(null);
  for (const [k, u] of Object.entries(usage)) out[k] = [u[0], u[1], u[2]];
  return out;
}
