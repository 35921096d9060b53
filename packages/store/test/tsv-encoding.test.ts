import { Readable } from 'node:stream';
import { type Db, TABLES } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { microsToCh, STORED_TIME_RANGE_US } from '@spanhouse/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeObservationsTsv, OBSERVATION_COLUMNS } from '../src/observation-pieces.ts';
import { encodeTraceDeletions, TRACE_DELETION_COLUMNS } from '../src/trace-deletions.ts';
import { encodeTracesTsv, TRACE_COLUMNS } from '../src/traces.ts';
import { quoted, tsvField } from '../src/tsv/fields.ts';
import { observationRows, traceRows } from './row-arbitraries.ts';

/*
 * The TabSeparated encoding must store exactly what JSONEachRow stores (the format the rows are
 * shaped for): the same rows go into twin tables, one per format, and are read back and compared.
 */

let db: Db;
beforeAll(async () => {
  db = await openTestDb('trace_encode');
  await db.writer.command({ query: `CREATE TABLE observations_tsv AS ${TABLES.observationPieces}` });
  await db.writer.command({ query: `CREATE TABLE traces_tsv AS ${TABLES.traces}` });
});
afterAll(() => db?.close());

// Any well-formed text: control characters, quotes, backslashes, tabs, newlines, astral planes.
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', "'", '\\', '\\N', '\t', '\n', '\r\n', '\0', "\\'", "'}", '{', '[', "(0,'')", '💥'),
);
// Every time ingest accepts (STORED_TIME_RANGE_US, 1970 to 2200), as microsToCh writes it.
const micros = fc.integer({ min: STORED_TIME_RANGE_US.min, max: STORED_TIME_RANGE_US.max });
const count = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
const money = fc.double({ min: 0, max: 1e6, noNaN: true });
const chTime = microsToCh;

const project = fc.constantFrom('spanhouse', '0b6f2c1e-8d3a-4c4e-9a1f-2b7d5e6c8a90', 'p\t\\x');
const values = {
  text,
  count,
  money,
  micros,
  timestamp: micros.map(chTime),
  int64: fc.oneof(
    fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
    fc.constantFrom('9223372036854775807', '-9223372036854775808'),
  ),
  project,
};
const observationRow = observationRows(values);
const traceRow = traceRows(values);

/** Every row as stored, but when it was written (the TSV encoders stamp it, JSON rows take the default). */
async function readAll(table: string): Promise<unknown[]> {
  const rs = await db.writer.query({ query: `SELECT * EXCEPT (written_us) FROM ${table}`, format: 'JSONEachRow' });
  const rows = (await rs.json()) as unknown[];
  return rows.map((r) => JSON.stringify(r)).sort();
}

async function insertTsv(table: string, text: Buffer, columns: [string, ...string[]]): Promise<void> {
  await db.writer.insert({
    table,
    values: Readable.from([text], { objectMode: false }),
    format: 'TabSeparated',
    columns,
  });
}

describe('TabSeparated encoding of trace rows', () => {
  it('stores exactly what JSONEachRow stores, for any text and numbers', async () => {
    const seed = 20260522;
    // Distinct keys, so no two rows fold into one (the tables merge rows by key).
    const observations = fc.sample(observationRow, { numRuns: 400, seed }).map((o, i) => ({ ...o, id: `${i}${o.id}` }));
    const traces = fc.sample(traceRow, { numRuns: 200, seed }).map((t, i) => ({ ...t, id: `${i}${t.id}` }));
    await db.writer.insert({ table: TABLES.observationPieces, values: observations, format: 'JSONEachRow' });
    await db.writer.insert({ table: TABLES.traces, values: traces, format: 'JSONEachRow' });
    await insertTsv('observations_tsv', encodeObservationsTsv(observations), OBSERVATION_COLUMNS);
    await insertTsv('traces_tsv', encodeTracesTsv(traces), TRACE_COLUMNS);
    const [obsJson, obsTsv, trJson, trTsv] = await Promise.all(
      [TABLES.observationPieces, 'observations_tsv', TABLES.traces, 'traces_tsv'].map(readAll),
    );
    expect(obsTsv).toHaveLength(400);
    expect(obsTsv).toEqual(obsJson);
    expect(trTsv).toHaveLength(200);
    expect(trTsv).toEqual(trJson);
  });

  it('rows far larger than the writer expects, and characters of 3 and 4 UTF-8 bytes, come back whole', async () => {
    const [base] = fc.sample(observationRow, { numRuns: 1, seed: 5 });
    // Lengths that vary row to row, so some multibyte row fits the space left by its UTF-16 length
    // but not by its UTF-8 bytes.
    const varied = Array.from({ length: 80 }, (_, i) => '日'.repeat((i * 373) % 5000));
    const texts = [
      'x',
      '日本語'.repeat(40_000),
      `{"a":"${'🙂\t\\'.repeat(30_000)}"}`,
      'y'.repeat(200_000),
      '',
      ...varied,
    ];
    const rows = texts.map((input, i) => ({
      ...base!,
      trace_id: 'big',
      id: `big${String(i).padStart(3, '0')}`,
      input: [1, input] as [number, string],
      output: [1, input] as [number, string],
    }));
    await insertTsv('observations_tsv', encodeObservationsTsv(rows), OBSERVATION_COLUMNS);
    const rs = await db.writer.query({
      query: "SELECT input.2 AS input, output.2 AS output FROM observations_tsv WHERE trace_id = 'big' ORDER BY id",
      format: 'JSONEachRow',
    });
    expect(await rs.json()).toEqual(texts.map((t) => ({ input: t, output: t })));
  });

  it('escapes separators in fields and quotes in literals', () => {
    expect(tsvField('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(tsvField('plain')).toBe('plain');
    expect(quoted("it's a\\b\tc\n\0")).toBe("'it\\'s a\\\\b\\tc\\n\\0'");
  });

  it('a lone UTF-16 surrogate is stored as U+FFFD, as UTF-8 encoding of the text makes it', async () => {
    const row = fc.sample(observationRow, { numRuns: 1, seed: 1 })[0]!;
    await insertTsv(
      'observations_tsv',
      encodeObservationsTsv([{ ...row, trace_id: 'lone', id: 'x', name: [1, 'a\ud800b'] }]),
      OBSERVATION_COLUMNS,
    );
    const rs = await db.writer.query({
      query: "SELECT hex(name.2) AS h FROM observations_tsv WHERE trace_id = 'lone'",
      format: 'JSONEachRow',
    });
    expect(await rs.json()).toEqual([{ h: '61EFBFBD62' }]);
  });
});

describe('TabSeparated encoding of tombstones', () => {
  it('stores every id as given, with the project and one deletion time, for any text', async () => {
    await db.writer.command({ query: `CREATE TABLE deletions_tsv AS ${TABLES.traceDeletions}` });
    // Plain ids first, so the ids that need escaping come in a later slice of the encoder's.
    const ids = [
      ...new Set([
        ...Array.from({ length: 2500 }, (_, i) => `plain-${i}`),
        ...fc.sample(text, { numRuns: 300, seed: 7 }).filter((t) => t !== ''),
        '日本語'.repeat(300),
        '🙂\t\\'.repeat(200),
        'x',
      ]),
    ];
    const rows = encodeTraceDeletions("team 'a'\t1", ids)[TABLES.traceDeletions]!;
    expect(rows.rows).toBe(ids.length);
    await insertTsv('deletions_tsv', rows.bytes, TRACE_DELETION_COLUMNS);
    const rs = await db.writer.query({
      query: 'SELECT project_id, trace_id, deleted_us FROM deletions_tsv',
      format: 'JSONEachRow',
    });
    const stored = (await rs.json()) as { project_id: string; trace_id: string; deleted_us: string }[];
    expect(stored.map((r) => r.trace_id).sort()).toEqual([...ids].sort());
    expect(new Set(stored.map((r) => r.project_id))).toEqual(new Set(["team 'a'\t1"]));
    expect(new Set(stored.map((r) => r.deleted_us)).size).toBe(1);
  });

  it('takes the ids from any iterable, and encodes nothing for none', () => {
    const fromSet = encodeTraceDeletions('p', new Set(['a', 'b']))[TABLES.traceDeletions]!;
    expect(fromSet.rows).toBe(2);
    expect(fromSet.bytes.toString()).toMatch(/^p\ta\t\d+\np\tb\t\d+\n$/);
    expect(encodeTraceDeletions('p', [])[TABLES.traceDeletions]).toEqual({ bytes: Buffer.alloc(0), rows: 0 });
  });
});
