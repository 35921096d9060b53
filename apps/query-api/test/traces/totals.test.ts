import { type Db, observeQueries } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { parse } from '@spanhouse/schema';
import { TABLES } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTraces } from '../../src/traces/list.ts';
import { TraceListParams } from '../../src/traces/params.ts';
import { TraceTotals } from '../../src/traces/totals.ts';

/*
 * The count of a list without a filter from the large parts' kept count (TraceTotals), on the real
 * engine with its merges stopped, so each insert is a part: every answer equals the list's own
 * count (a FINAL count of every row), across inserts that add traces, rows of traces already
 * stored in the large parts, merges, another project's rows and a deletion.
 */

let db: Db;
const tags: string[] = [];
const LARGE = 100; // rows: the parts of 100 traces are large, the later inserts' smaller ones not

/** Inserts one part of traces `from` to `to` - 1 of `project` (ids `t<n>`), with `name` as their name. */
async function insertTraces(from: number, to: number, project = 'spanhouse', name = 'n') {
  await db.writer.command({
    query: `INSERT INTO ${TABLES.traces} (project_id, id, timestamp, name)
      SELECT {project:String}, concat('t', toString(number)), now64(6), (toUInt64(1), {name:String})
      FROM numbers({from:UInt64}, {count:UInt64})`,
    query_params: { project, from, count: to - from, name },
  });
}

/** The list's count without totals (its own FINAL count), and with them. */
async function counts(totals: TraceTotals, project = 'spanhouse') {
  const q = parse(TraceListParams, {});
  const own = (await listTraces(db, project, q)).meta.totalItems;
  const kept = (await listTraces(db, project, q, undefined, totals)).meta.totalItems;
  return { own, kept };
}

const ran = (tag: string) => tags.filter((t) => t === tag).length;

beforeAll(async () => {
  db = observeQueries(await openTestDb('trace_totals'), (tag) => tags.push(tag));
  await db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.traces}` });
  await insertTraces(0, 100);
  await insertTraces(100, 200);
  await insertTraces(50, 150, 'spanhouse', 'renamed'); // every trace already in the first two parts
});

afterAll(async () => {
  await db?.close();
});

describe('the count of a list without a filter, from the large parts', () => {
  const totals = new TraceTotals(LARGE);

  it('counts traces whose rows are in several large parts once', async () => {
    expect(await counts(totals)).toEqual({ own: 200, kept: 200 });
    expect(ran('traces.total')).toBe(1);
  });

  it('adds the traces of a later small part that no large part holds, keeping the large parts count', async () => {
    await insertTraces(190, 210); // 190-199 are stored already, 200-209 are new
    await insertTraces(205, 215); // 205-209 again, in a second small part
    expect(await counts(totals)).toEqual({ own: 215, kept: 215 });
    expect(ran('traces.total')).toBe(1);
    expect(ran('traces.total.added')).toBeGreaterThanOrEqual(1);
  });

  it("leaves another project's traces out", async () => {
    await insertTraces(0, 150, 'other');
    expect(await counts(totals)).toEqual({ own: 215, kept: 215 });
    expect(await counts(totals, 'other')).toEqual({ own: 150, kept: 150 });
  });

  it('counts the large parts again once a merge has replaced them', async () => {
    const before = ran('traces.total');
    await db.writer.command({ query: `SYSTEM START MERGES ${TABLES.traces}` });
    await db.writer.command({ query: `OPTIMIZE TABLE ${TABLES.traces} FINAL` });
    await db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.traces}` });
    expect(await counts(totals)).toEqual({ own: 215, kept: 215 });
    expect(ran('traces.total')).toBe(before + 1);
  });

  it('counts as the list does while a deletion is not settled: the deleted trace is left out', async () => {
    await db.writer.command({
      query: `INSERT INTO ${TABLES.traceDeletions} (project_id, trace_id, deleted_us) VALUES ('spanhouse', 't3', 18446744073709551615)`,
    });
    await db.writer.command({ query: 'SYSTEM RELOAD DICTIONARY trace_tombstones' });
    const q = parse(TraceListParams, {});
    expect((await listTraces(db, 'spanhouse', q)).meta.totalItems).toBe(214);
    const fullBefore = ran('traces.list.count');
    expect((await listTraces(db, 'spanhouse', q, undefined, totals)).meta.totalItems).toBe(214);
    // The list's own count: the deletion makes the count depend on more than the stored rows.
    expect(ran('traces.list.count')).toBe(fullBefore + 1);
  });
});

describe('a list with a filter', () => {
  it('is counted by its own read, whatever the totals', async () => {
    const q = parse(TraceListParams, { name: 'renamed' });
    const before = ran('traces.total.parts');
    const { meta } = await listTraces(db, 'spanhouse', q, undefined, new TraceTotals(LARGE));
    expect(meta.totalItems).toBe(100);
    expect(ran('traces.total.parts')).toBe(before);
  });
});
