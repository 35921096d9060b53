import { setTimeout as sleep } from 'node:timers/promises';
import { TABLES } from '@spanhouse/db';
import { TraceDetail, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeBatch } from '../support/traces.ts';

/*
 * A reader polling for what it has just sent finds the trace in a list (with its observation ids)
 * or by id only once its observations are readable too, even when the observation pieces' insert
 * takes far longer than the trace row's (here it is held 800 ms, as a busy engine would hold it).
 */

const PIECES_DELAY_MS = 800;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    'read_after_write_order',
    { INGEST_FLUSH_INTERVAL_MS: '20' },
    {
      writer: (clickhouse) => ({
        async insert(batch) {
          if (batch.table === TABLES.observationPieces) await sleep(PIECES_DELAY_MS);
          await clickhouse.insert(batch);
        },
      }),
    },
  );
});
afterAll(() => t?.close());

describe('a trace becomes readable with its observations, never before them', () => {
  it('is listed and found by id only with every observation it lists', async () => {
    const batch = makeBatch({ name: 'ordered', userId: 'u-ordered' });
    const sent = Date.now();
    expect((await t.post('/v1/l/batch', batch, { 'Spanhouse-Wait': 'durable' })).status).toBe(200);
    let listed: v.InferOutput<typeof TraceListResponse>['data'] = [];
    while (listed.length === 0 && Date.now() - sent < 10_000) {
      listed = v.parse(
        TraceListResponse,
        (await t.get('/api/public/traces?userId=u-ordered&fields=observations')).body,
      ).data;
      if (listed.length === 0) await sleep(10);
    }
    // Listed no sooner than the held insert of its observations was done.
    expect(Date.now() - sent).toBeGreaterThanOrEqual(PIECES_DELAY_MS);
    expect(listed[0]?.observations.sort()).toEqual([`${batch.trace.id}-gen`, `${batch.trace.id}-root`]);
    const detail = await t.get(`/api/public/traces/${batch.trace.id}`);
    expect(detail.status).toBe(200);
    const observations = v.parse(TraceDetail, detail.body).observations;
    expect(observations.map((o) => o.id).sort()).toEqual([`${batch.trace.id}-gen`, `${batch.trace.id}-root`]);
  });
});
