import { setTimeout as sleep } from 'node:timers/promises';
import { TABLES } from '@spanhouse/db';
import { ErrorBody, ReadyResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';

/*
 * Admission by the age of the backlog. While ClickHouse takes inserts but the writer does not keep
 * up (here: inserts held as a slow engine would hold them), acknowledged rows wait longer and
 * longer to become readable; past INGEST_MAX_BACKLOG_MS every ingest path answers 429 with
 * Retry-After instead of acknowledging rows that would wait longer still, /readyz says how far
 * behind ingest is, and requests are taken again once the backlog has gone. A backlog left by
 * failing inserts is another matter: the log takes requests up to its budget (storage-failure).
 * Below that bound, past INGEST_PACE_BACKLOG_MS, answers wait for their own rows to be readable
 * (at most INGEST_MAX_BACKLOG_MS), so clients that wait for their answers slow to the writer's pace:
 * while more than one request is being stored, or more rows wait than one insert takes
 * (INGEST_FLUSH_MAX_BYTES, 64 KiB here). A lone client of small requests is not paced.
 */

// Long enough that a paced answer released by the test has its insert done well within it.
const MAX_BACKLOG_MS = 1_000;
const PACE_BACKLOG_MS = 150;
const DURABLE = { 'Spanhouse-Wait': 'durable' };
let holding = false;
let release: () => void = () => {};
let held = Promise.resolve();
let failing = false;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    'ingest-backlog',
    {
      INGEST_MAX_BACKLOG_MS: String(MAX_BACKLOG_MS),
      INGEST_PACE_BACKLOG_MS: String(PACE_BACKLOG_MS),
      INGEST_FLUSH_INTERVAL_MS: '20',
      INGEST_FLUSH_MAX_BYTES: String(64 * 1024),
    },
    {
      writer: (clickhouse) => ({
        async insert(batch) {
          if (holding) await held;
          if (failing) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
          await clickhouse.insert(batch);
        },
      }),
    },
  );
});
afterAll(async () => {
  holding = false;
  failing = false;
  release();
  await t?.close();
});

let n = 0;
const trace = () => {
  n++;
  return {
    trace: { id: `backlog-${n}`, timestamp: '2026-03-01T10:00:00Z', name: 'backlog', userId: 'u-backlog' },
    observations: [{ id: `backlog-${n}-o`, type: 'SPAN', name: 'step', startTime: '2026-03-01T10:00:00Z' }],
  };
};
const postTrace = () => t.post('/v1/l/batch', trace(), DURABLE);
/** A trace whose rows are more than one insert takes (INGEST_FLUSH_MAX_BYTES). */
const largeTrace = () => {
  const body = trace();
  return { ...body, trace: { ...body.trace, input: 'words '.repeat(12_000) } };
};
const pacedAnswers = async () => {
  const text = await (await t.request('/metrics')).text();
  return Number(text.match(/^spanhouse_ingest_paced_answers_total (\d+)/m)?.[1] ?? Number.NaN);
};
const metricsBody = () => ({
  metrics: [{ name: 'backlog_points', labels: { n: String(n++) }, value: 1, timestamp: '2026-03-01T10:00:00Z' }],
});
const ready = async () => v.parse(ReadyResponse, (await t.get('/readyz')).body);

function hold() {
  holding = true;
  held = new Promise<void>((resolve) => {
    release = () => {
      holding = false;
      resolve();
    };
  });
}

describe('admission by the age of the backlog', () => {
  it('answers 429 with Retry-After on every ingest path once acknowledged rows wait past the bound, and takes requests again once they are readable', async () => {
    expect((await ready()).ingestLagSeconds).toBe(0);
    hold();
    expect((await postTrace()).status).toBe(200);
    await sleep(MAX_BACKLOG_MS + 100);
    // Rows acknowledged before the bound was passed are still durable and waiting; new ones are refused.
    const refused = [await postTrace(), await t.post('/v1/metrics/batch', metricsBody(), DURABLE)];
    for (const res of refused) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(v.parse(ErrorBody, res.body).message).toMatch(/ingest is behind: rows acknowledged [\d.]+ s ago/);
    }
    const behind = await ready();
    expect(behind.ingestLagSeconds).toBeGreaterThan(MAX_BACKLOG_MS / 1000);
    expect(behind.note).toMatch(/ingest is behind.*429/);
    // Reads are answered meanwhile.
    expect((await t.get('/api/public/traces?limit=1')).status).toBe(200);

    release();
    await eventually(async () => expect((await ready()).ingestLagSeconds).toBe(0));
    expect((await postTrace()).status).toBe(200);
    expect((await t.post('/v1/metrics/batch', metricsBody(), DURABLE)).status).toBe(200);
    // /metrics has each request's lag from acknowledgement to readable: the held one took past the bound.
    const text = await (await t.request('/metrics')).text();
    const bucket = (le: string) => {
      const line = text
        .split('\n')
        .find((l) => l.startsWith(`spanhouse_ingest_commit_lag_seconds_bucket{le="${le}",table="${TABLES.traces}"} `));
      return Number(line?.split(' ')[1]);
    };
    expect(bucket('+Inf') - bucket('0.25')).toBeGreaterThanOrEqual(1);
  });

  it('answers a lone client of small requests once durable, past the pacing bound too', async () => {
    const pacedBefore = await pacedAnswers();
    hold();
    expect((await postTrace()).status).toBe(200);
    await sleep(PACE_BACKLOG_MS + 50);
    // Past the pacing bound, one request at a time and little waiting: the answer does not wait.
    const lone = trace();
    expect((await t.post('/v1/l/batch', lone, DURABLE)).status).toBe(200);
    expect((await t.get(`/api/public/traces/${lone.trace.id}`)).status).toBe(404);
    expect(await pacedAnswers()).toBe(pacedBefore);
    release();
    await eventually(async () => expect((await t.get(`/api/public/traces/${lone.trace.id}`)).status).toBe(200));
    await eventually(async () => expect((await ready()).ingestLagSeconds).toBe(0));
  });

  it('makes answers wait for their rows to be readable while the backlog is past the pacing bound and more than one insert', async () => {
    const pacedBefore = await pacedAnswers();
    hold();
    // Nothing waits yet: answered once durable, while its insert is held.
    const first = largeTrace();
    expect((await t.post('/v1/l/batch', first, DURABLE)).status).toBe(200);
    expect((await t.get(`/api/public/traces/${first.trace.id}`)).status).toBe(404);
    await sleep(PACE_BACKLOG_MS + 50);
    // Past the pacing bound, below the 429 bound: this answer waits for the writer.
    const paced = trace();
    let answered = false;
    const answer = t.post('/v1/l/batch', paced, DURABLE).then((res) => {
      answered = true;
      return res;
    });
    await sleep(100);
    expect(answered).toBe(false);
    release();
    expect((await answer).status).toBe(200);
    // Answered once readable: a read right after the answer finds it.
    expect((await t.get(`/api/public/traces/${paced.trace.id}`)).status).toBe(200);
    expect(await pacedAnswers()).toBe(pacedBefore + 1);
    await eventually(async () => expect((await ready()).ingestLagSeconds).toBe(0));
  });

  it('answers a paced request as durable once it has waited the 429 bound, its rows still kept', async () => {
    hold();
    expect((await t.post('/v1/l/batch', largeTrace(), DURABLE)).status).toBe(200);
    await sleep(PACE_BACKLOG_MS + 50);
    const paced = trace();
    const t0 = performance.now();
    const res = await t.post('/v1/l/batch', paced, DURABLE);
    expect(res.status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(MAX_BACKLOG_MS - 20);
    expect((await t.get(`/api/public/traces/${paced.trace.id}`)).status).toBe(404);
    release();
    await eventually(async () => expect((await t.get(`/api/public/traces/${paced.trace.id}`)).status).toBe(200));
    // The next case starts from an empty backlog: the lag reads 0 once the writer has recorded
    // the commit, shortly after the rows are readable.
    await eventually(async () => expect((await ready()).ingestLagSeconds).toBe(0));
  });

  it('takes requests into the log while inserts fail, and while the backlog they left drains', async () => {
    failing = true;
    for (let i = 0; i < 3; i++) {
      expect((await postTrace()).status).toBe(200);
      await sleep(MAX_BACKLOG_MS / 2);
    }
    expect((await ready()).ingestLagSeconds).toBeGreaterThan(MAX_BACKLOG_MS / 1000);
    expect((await postTrace()).status).toBe(200);
    // Inserts work again, slowly: the old backlog drains without refusals.
    failing = false;
    hold();
    expect((await postTrace()).status).toBe(200);
    release();
    await eventually(async () => expect((await ready()).ingestLagSeconds).toBe(0));
  });
});
