import { Readable } from 'node:stream';
import type { Db } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import {
  encodeTracesRowBinary,
  encodeTracesTsv,
  PRICED_AT_READ,
  SUMMARY_COLUMNS,
  TABLES,
  TRACE_COLUMNS,
  TRACES_ENCODING,
  type TraceRow,
} from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PriceTable } from '../../src/pricing/prices.ts';
import { buildTraceRows } from '../../src/traces/rows.ts';

let db: Db;
beforeAll(async () => {
  db = await openTestDb('trace_summaries');
});
afterAll(() => db?.close());

async function insertTsv(table: string, text: Buffer, columns: [string, ...string[]]): Promise<void> {
  await db.writer.insert({
    table,
    values: Readable.from([text], { objectMode: false }),
    format: 'TabSeparated',
    columns,
  });
}

/** A Map(String, Tuple(UInt64, UInt64, UInt64)) in TabSeparated (the test's ids need no escapes). */
const usageKindsText = (kinds: TraceRow['obs_usage_kinds']) =>
  `{${Object.entries(kinds)
    .map(([k, t]) => `'${k}':(${t.join(',')})`)
    .join(',')}}`;

describe('trace summaries computed at ingest', () => {
  it('equal what the columns’ DEFAULT expressions compute from the same maps (rows stored before use those)', async () => {
    const prices = PriceTable.load();
    const records = [
      {
        id: 'a',
        traceId: 'sum',
        type: 'GENERATION' as const,
        startUs: 5,
        endUs: 50,
        model: 'gpt-4o',
        usage: { input: 7, output: 3 },
      },
      { id: 'b', traceId: 'sum', type: 'SPAN' as const, startUs: 1, cost: { input: 0.25, output: 0.5 } },
      {
        id: 'c',
        traceId: 'sum',
        type: 'GENERATION' as const,
        startUs: 9,
        endUs: 30,
        model: 'mystery',
        usage: { total: 4 },
      },
      { id: 'd', traceId: 'sum', type: 'SPAN' as const, startUs: 2, versions: { start: 1 } },
      {
        id: 'e',
        traceId: 'sum',
        type: 'GENERATION' as const,
        startUs: 3,
        model: 'gpt-4o',
        usage: { input: 100, output: 50, input_cached_tokens: 20, Output_Reasoning_Tokens: 8, input_audio: 4 },
      },
    ];
    const summaries: readonly string[] = SUMMARY_COLUMNS;
    const rows = [
      buildTraceRows('spanhouse', { id: 'sum' }, records, prices, 42).trace,
      buildTraceRows('spanhouse', { id: 'empty' }, [], prices, 43).trace,
    ];
    // 'c' carries an unpriced model: no cost, PRICED_AT_READ, which rows stored before (written
    // before costs were computed per kind) never carry; they have no entry instead, and the
    // DEFAULTs price them at read as the writer does.
    expect(rows[0]!.obs_cost.c?.[1]).toBe(PRICED_AT_READ);
    const storedBefore = rows.map((row) => ({
      ...row,
      obs_cost: Object.fromEntries(Object.entries(row.obs_cost).filter(([, [, usd]]) => usd !== PRICED_AT_READ)),
    }));
    // The rows without their summaries, with the usage kinds (which the text lines leave out).
    const without: [string, ...string[]] = ['obs_usage_kinds', ...TRACE_COLUMNS.filter((c) => !summaries.includes(c))];
    const text = encodeTracesTsv(storedBefore)
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line, r) =>
        [
          usageKindsText(rows[r]!.obs_usage_kinds),
          ...line.split('\t').filter((_, i) => !summaries.includes(TRACE_COLUMNS[i]!)),
        ].join('\t'),
      )
      .join('\n');
    expect(rows[0]!.obs_usage_kinds.e).toEqual([42, 124, 58]);
    await db.writer.command({ query: `CREATE TABLE traces_defaults AS ${TABLES.traces}` });
    await insertTsv('traces_defaults', Buffer.from(`${text}\n`), without);
    await db.writer.command({ query: `CREATE TABLE traces_given AS ${TABLES.traces}` });
    // As the service inserts them: RowBinary, every column.
    if (TRACES_ENCODING.format !== 'RowBinary') throw new Error('not RowBinary');
    await db.insertRowBinary({
      table: 'traces_given',
      columns: TRACES_ENCODING.columns,
      types: TRACES_ENCODING.types,
      data: encodeTracesRowBinary(rows),
    });
    const read = async (table: string) =>
      (
        await db.writer.query({
          query: `SELECT id, ${summaries.join(', ')} FROM ${table} ORDER BY id`,
          format: 'JSONEachRow',
        })
      ).json();
    const [fromDefaults, given] = await Promise.all([read('traces_defaults'), read('traces_given')]);
    expect(given).toEqual(fromDefaults);
  });
});
