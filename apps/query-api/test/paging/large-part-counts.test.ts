import { type Db, observeQueries } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { parse } from '@spanhouse/schema';
import { TABLES } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listObservations } from '../../src/observations/list.ts';
import { ObservationListParams } from '../../src/observations/params.ts';
import { LargePartCounts } from '../../src/paging/large-part-counts.ts';
import { listTraces } from '../../src/traces/list.ts';
import { TraceListParams } from '../../src/traces/params.ts';

/*
 * The counts of the lists without a filter from the large parts' kept counts (LargePartCounts), on
 * the real engine with its merges stopped, so each insert is a part: every answer equals the
 * list's own count (a FINAL count of every row), across inserts that add traces (observations),
 * rows of ones already stored in the large parts, merges, another project's rows and a deletion.
 */

let db: Db;
const tags: string[] = [];
const LARGE = 100; // rows: the parts of 100 rows are large, the later inserts' smaller ones not

/** Inserts one part of traces `t<from>` to `t<to - 1>` of `project`, named `name`. */
async function insertTraces(from: number, to: number, project = 'spanhouse', name = 'n') {
  await db.writer.command({
    query: `INSERT INTO ${TABLES.traces} (project_id, id, timestamp, name)
      SELECT {project:String}, concat('t', toString(number)), now64(6), (toUInt64(1), {name:String})
      FROM numbers({from:UInt64}, {count:UInt64})`,
    query_params: { project, from, count: to - from, name },
  });
}

/** Inserts one part of pieces of observations `o<n>` of trace `t<n % 7>`, `from` to `to` - 1. */
async function insertObservations(from: number, to: number, project = 'spanhouse') {
  await db.writer.command({
    query: `INSERT INTO ${TABLES.observationPieces} (project_id, trace_id, id, type, start_time)
      SELECT {project:String}, concat('t', toString(number % 7)), concat('o', toString(number)),
        (toUInt64(1), 'SPAN'), (toUInt64(1), toInt64(1700000000000000 + number))
      FROM numbers({from:UInt64}, {count:UInt64})`,
    query_params: { project, from, count: to - from },
  });
}

const traceCounts = new LargePartCounts(TABLES.traces, ['id'], LARGE);
const observationCounts = new LargePartCounts(TABLES.observationPieces, ['trace_id', 'id'], LARGE);

/** Each list's count without the kept counts (its own FINAL count), and with them. */
async function counts(project = 'spanhouse') {
  const traces = parse(TraceListParams, {});
  const observations = parse(ObservationListParams, {});
  return {
    traces: {
      own: (await listTraces(db, project, traces)).meta.totalItems,
      kept: (await listTraces(db, project, traces, undefined, traceCounts)).meta.totalItems,
    },
    observations: {
      own: (await listObservations(db, project, observations)).total,
      kept: (await listObservations(db, project, observations, undefined, observationCounts)).total,
    },
  };
}

const both = (traces: number, observations: number) => ({
  traces: { own: traces, kept: traces },
  observations: { own: observations, kept: observations },
});
const ran = (tag: string) => tags.filter((t) => t === tag).length;

beforeAll(async () => {
  db = observeQueries(await openTestDb('large_part_counts'), (tag) => tags.push(tag));
  for (const table of [TABLES.traces, TABLES.observationPieces]) {
    await db.writer.command({ query: `SYSTEM STOP MERGES ${table}` });
  }
  await insertTraces(0, 100);
  await insertTraces(100, 200);
  await insertTraces(50, 150, 'spanhouse', 'renamed'); // every trace already in the first two parts
  await insertObservations(0, 100);
  await insertObservations(50, 150); // 50-99 again
});

afterAll(async () => {
  await db?.close();
});

describe('the count of a list without a filter, from the large parts', () => {
  it('counts what several large parts hold once', async () => {
    expect(await counts()).toEqual(both(200, 150));
    expect(ran('traces_v2.count.large')).toBe(1);
    expect(ran('observation_pieces_v2.count.large')).toBe(1);
  });

  it('adds what a later small part holds that no large part does, keeping the large parts count', async () => {
    await insertTraces(190, 210); // 190-199 are stored already, 200-209 are new
    await insertTraces(205, 215); // 205-209 again, in a second small part
    await insertObservations(140, 160);
    expect(await counts()).toEqual(both(215, 160));
    expect(ran('traces_v2.count.large')).toBe(1);
    expect(ran('traces_v2.count.added')).toBeGreaterThanOrEqual(1);
    expect(ran('observation_pieces_v2.count.large')).toBe(1);
  });

  it("leaves another project's rows out", async () => {
    await insertTraces(0, 150, 'other');
    await insertObservations(0, 120, 'other');
    expect(await counts()).toEqual(both(215, 160));
    expect(await counts('other')).toEqual(both(150, 120));
  });

  it('counts the large parts again once a merge has replaced them', async () => {
    const before = ran('traces_v2.count.large');
    for (const table of [TABLES.traces, TABLES.observationPieces]) {
      await db.writer.command({ query: `SYSTEM START MERGES ${table}` });
      await db.writer.command({ query: `OPTIMIZE TABLE ${table} FINAL` });
      await db.writer.command({ query: `SYSTEM STOP MERGES ${table}` });
    }
    expect(await counts()).toEqual(both(215, 160));
    expect(ran('traces_v2.count.large')).toBe(before + 1);
  });

  it('counts as the list does while a deletion is not settled: the deleted trace is left out', async () => {
    await db.writer.command({
      query: `INSERT INTO ${TABLES.traceDeletions} (project_id, trace_id, deleted_us) VALUES ('spanhouse', 't3', 18446744073709551615)`,
    });
    await db.writer.command({ query: 'SYSTEM RELOAD DICTIONARY trace_tombstones' });
    const q = parse(TraceListParams, {});
    expect((await listTraces(db, 'spanhouse', q)).meta.totalItems).toBe(214);
    const fullBefore = ran('traces.list.count');
    expect((await listTraces(db, 'spanhouse', q, undefined, traceCounts)).meta.totalItems).toBe(214);
    // The list's own count: the deletion makes the count depend on more than the stored rows.
    expect(ran('traces.list.count')).toBe(fullBefore + 1);
    // Trace t3 has the observations o3, o10, ... (every seventh of 0-159).
    const observations = parse(ObservationListParams, {});
    expect((await listObservations(db, 'spanhouse', observations, undefined, observationCounts)).total).toBe(160 - 23);
  });
});

describe('a list with a filter', () => {
  it('is counted by its own read, whatever the kept counts', async () => {
    const before = ran('traces_v2.count.parts') + ran('observation_pieces_v2.count.parts');
    const traces = await listTraces(db, 'spanhouse', parse(TraceListParams, { name: 'renamed' }), undefined, traceCounts);
    expect(traces.meta.totalItems).toBe(100);
    const observations = parse(ObservationListParams, { traceId: 't1' });
    expect((await listObservations(db, 'spanhouse', observations, undefined, observationCounts)).total).toBe(23);
    expect(ran('traces_v2.count.parts') + ran('observation_pieces_v2.count.parts')).toBe(before);
  });
});
