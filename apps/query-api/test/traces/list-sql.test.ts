import { ProjectParams } from '@spanhouse/db';
import { parse } from '@spanhouse/schema';
import { describe, expect, it } from 'vitest';
import { nextCandidates, recentRankSql } from '../../src/paging/recent-rows.ts';
import { countedPageSql, traceListSql } from '../../src/traces/list.ts';
import { TraceListParams } from '../../src/traces/params.ts';
import { recentTraces } from '../../src/traces/recent-page.ts';
import { boundRankSql } from '../../src/traces/summaries.ts';

/*
 * The SQL the trace list generates, as snapshots (__snapshots__/list-sql.test.ts.snap): a change to
 * a query shows in review. Every value is a parameter; the snapshots hold both.
 */

const params = (query: Record<string, string | string[]>) => parse(TraceListParams, query);
const oneLine = (r: { sql: string; params: Record<string, unknown>; countSql?: string }) => ({
  ...r,
  sql: r.sql.replace(/\s+/g, ' ').trim(),
  ...(r.countSql === undefined ? {} : { countSql: r.countSql.replace(/\s+/g, ' ').trim() }),
});

describe('the trace list SQL', () => {
  it('reads the IO columns and the observation ids only for the field groups that show them', () => {
    const reads = (query: Record<string, string>) => {
      const { sql } = traceListSql('p', params(query), ['t1']);
      return { io: /input\.2 AS input/.test(sql), observationIds: /obs_ids/.test(sql) };
    };
    expect(reads({})).toEqual({ io: true, observationIds: true });
    expect(reads({ fields: 'core,scores' })).toEqual({ io: false, observationIds: false });
    expect(reads({ fields: 'io,metrics' })).toEqual({ io: true, observationIds: false });
    expect(reads({ fields: 'observations' })).toEqual({ io: false, observationIds: true });
  });

  it('the default page: newest first, every field group', () => {
    expect(oneLine(traceListSql('p', params({})))).toMatchSnapshot();
  });

  it('every filter, ordered by name, page 3', () => {
    const q = params({
      userId: 'u-1',
      name: 'chat',
      sessionId: 's-1',
      version: 'v1',
      release: 'r1',
      tags: ['prod', 'eu'],
      environment: 'production,staging',
      fromTimestamp: '2026-03-01T00:00:00Z',
      toTimestamp: '2026-03-02T00:00:00Z',
      orderBy: 'name.asc',
      page: '3',
      limit: '20',
    });
    expect(oneLine(traceListSql('p', q))).toMatchSnapshot();
  });

  it("a filtered list looks up the tombstones of the rows its filters keep, after them (fromProject's filters)", () => {
    const { sql, countSql } = traceListSql('p', params({ userId: 'u-1' }));
    for (const q of [countSql, sql.slice(sql.indexOf('id IN'))]) {
      const user = q.indexOf('user_id');
      const tombstone = q.indexOf("dictGetOrDefault('trace_tombstones'");
      expect(user).toBeGreaterThan(0);
      expect(tombstone).toBeGreaterThan(user);
    }
  });

  it('a search alone, newest first: page and count from the search documents, no id set', () => {
    const sql = countedPageSql('p', params({ search: 'refund' }));
    for (const part of [sql.sql, sql.countSql]) {
      expect(part).toContain('FROM trace_search_v3');
      expect(part).not.toContain('traces_v2');
    }
    expect(sql.sql).toContain('count() OVER ()');
    expect(oneLine(sql)).toMatchSnapshot();
  });

  it("a user's list: the page's ids and the count in one read of traces_v2", () => {
    const sql = countedPageSql('p', params({ userId: 'u-1', orderBy: 'timestamp.asc' }));
    expect(sql.sql).toContain('count() OVER ()');
    expect(sql.sql).not.toContain('trace_search_v3');
    expect(oneLine(sql)).toMatchSnapshot();
  });

  it("a search with a userId: only the user's traces' documents are searched", () => {
    expect(oneLine(traceListSql('p', params({ search: 'refund "late delivery"', userId: 'u-1' })))).toMatchSnapshot();
  });

  it('a page ranked by the summaries (descending latency): the ids as a parameter', () => {
    const q = params({ userId: 'u-1', orderBy: 'latency.desc' });
    expect(oneLine(traceListSql('p', q, ['t-3', 't-1']))).toMatchSnapshot();
  });

  it('one try of the ranking by the summaries, for cost', () => {
    expect(oneLine(boundRankSql('p', { tags: ['prod'] }, 'totalCost', 200))).toMatchSnapshot();
  });

  it('one try of the ranking by the newest stored rows, within a time range', () => {
    const list = recentTraces({ fromTimestamp: 1_700_000_000_000_000 }, true)!;
    expect(oneLine(recentRankSql('p', list, true, 100, 250))).toMatchSnapshot();
  });

  it('one try of the ranking by the newest stored rows with tags, descending: a way per tag beside the range', () => {
    const filter = { tags: ['rag', 'web'], fromTimestamp: 1_700_000_000_000_000, toTimestamp: 1_800_000_000_000_000 };
    expect(oneLine(recentRankSql('p', recentTraces(filter, true)!, true, 50, 112))).toMatchSnapshot();
    // Ascending, a tag's row may be later than its trace's time: the range's rows are the only way.
    const asc = recentTraces(filter, false)!;
    expect(asc.candidateWays(new ProjectParams('p'))).toHaveLength(1);
    // A user's traces are counted with their page (countedPage).
    expect(recentTraces({ userId: 'u', tags: ['rag'] }, true)).toBeUndefined();
  });

  it('grows the candidates by the share that was listed, at least twofold', () => {
    expect(nextCandidates(112, 50, 50)).toBe(224);
    expect(nextCandidates(112, 6, 50)).toBe(1167);
  });

  it('never puts a value into the SQL text', () => {
    const hostile = "x') OR 1=1 --";
    const { sql, params: p } = traceListSql('p', params({ userId: hostile, tags: hostile, environment: hostile }));
    expect(sql).not.toContain('OR 1=1');
    expect(Object.values(p)).toContain(hostile);
    // The project too: every read of the traces names it, as a parameter, and so does the look
    // for its tombstones in the page's and the count's scans.
    const scoped = traceListSql(hostile, params({}));
    expect(scoped.sql).not.toContain('OR 1=1');
    expect(scoped.params.project).toBe(hostile);
    expect(scoped.sql.match(/project_id = \{project:String\}/g)).toHaveLength(5);
  });
});
