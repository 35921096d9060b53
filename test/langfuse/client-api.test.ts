import { randomUUID } from 'node:crypto';
import { LangfuseClient } from '@langfuse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_FOR_COMMIT } from '../support/app.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * @langfuse/client (the current SDK) against the service: score.create (queued, flushed through
 * POST /api/public/ingestion) and api.scores.create, then its read methods for scores, sessions,
 * observations (v2 cursor pages and the legacy v1) and projects. Its writes ask, through the
 * client's additional headers, to be answered once readable, so each read sees the writes before it.
 */

let server: TestServer;
let client: LangfuseClient;
const traceId = randomUUID();

beforeAll(async () => {
  server = await startTestServer('langfuse-client-api');
  client = new LangfuseClient({
    publicKey: server.credentials.publicKey,
    secretKey: server.credentials.secretKey,
    baseUrl: server.baseUrl,
    additionalHeaders: WAIT_FOR_COMMIT,
  });
  // A trace with a session and observations, through the ingestion API.
  const at = (ms: number) => new Date(Date.UTC(2026, 2, 1, 10, 0, 0, ms)).toISOString();
  const batch = [
    {
      id: randomUUID(),
      type: 'trace-create',
      timestamp: at(0),
      body: { id: traceId, name: 'client', sessionId: 'client-session', userId: 'u-client' },
    },
    ...Array.from({ length: 5 }, (_, i) => ({
      id: randomUUID(),
      type: i % 2 ? 'span-create' : 'generation-create',
      timestamp: at(i),
      body: {
        id: `${traceId}-obs-${i}`,
        traceId,
        name: `step ${i}`,
        startTime: at(i * 10),
        endTime: at(i * 10 + 5),
        ...(i % 2 ? {} : { model: 'gpt-4o-mini', usageDetails: { input: 10 * i, output: i } }),
      },
    })),
  ];
  const res = await client.api.ingestion.batch({ batch: batch as never });
  expect(res.errors).toEqual([]);
});

afterAll(async () => {
  await client?.shutdown();
  await server?.close();
});

describe('@langfuse/client', () => {
  it('api.health.health() reads the health check', async () => {
    expect(await client.api.health.health()).toEqual({ status: 'OK', version: '0.1.0' });
  });

  it('score.create + flush and api.scores.create store scores that api.scores reads back', async () => {
    client.score.create({ id: 'client-queued', traceId, name: 'helpfulness', value: 0.75 });
    client.score.create({
      id: 'client-bool',
      traceId,
      observationId: `${traceId}-obs-0`,
      name: 'safe',
      value: 1,
      dataType: 'BOOLEAN',
    });
    await client.score.flush();
    const created = await client.api.scores.create({
      traceId,
      name: 'tone',
      value: 'friendly',
      dataType: 'CATEGORICAL',
    });
    expect(created.id).toBeTruthy();

    const list = await client.api.scores.getMany({ traceId });
    expect(list.meta.totalItems).toBe(3);
    const byName = Object.fromEntries(list.data.map((s) => [s.name, s]));
    expect(byName.helpfulness).toMatchObject({ id: 'client-queued', value: 0.75, dataType: 'NUMERIC' });
    expect(byName.safe).toMatchObject({ stringValue: 'True', observationId: `${traceId}-obs-0` });
    expect(byName.tone).toMatchObject({ id: created.id, stringValue: 'friendly' });
    const one = await client.api.scores.getById('client-queued');
    expect(one).toMatchObject({ name: 'helpfulness', traceId });
    await expect(client.api.scores.getById('missing')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('api.sessions lists the session and gets it with its traces', async () => {
    const sessions = await client.api.sessions.list({ limit: 10 });
    expect(sessions.data.map((s) => s.id)).toContain('client-session');
    const session = await client.api.sessions.get('client-session');
    expect(session.traces.map((t) => t.id)).toEqual([traceId]);
  });

  it('api.observations.getMany pages by cursor, newest first, with field groups', async () => {
    const first = await client.api.observations.getMany({ traceId, limit: 2, fields: 'core,basic,usage' });
    expect(first.data.map((o) => o.id)).toEqual([`${traceId}-obs-4`, `${traceId}-obs-3`]);
    expect(first.data[0]).toMatchObject({ name: 'step 4', usageDetails: { input: 40, output: 4, total: 44 } });
    expect(first.meta.cursor).toBeTruthy();
    const second = await client.api.observations.getMany({ traceId, limit: 2, cursor: first.meta.cursor });
    expect(second.data.map((o) => o.id)).toEqual([`${traceId}-obs-2`, `${traceId}-obs-1`]);
    expect(second.data[0]).not.toHaveProperty('usageDetails');
    const last = await client.api.observations.getMany({ traceId, limit: 2, cursor: second.meta.cursor });
    expect(last.data.map((o) => o.id)).toEqual([`${traceId}-obs-0`]);
    expect(last.meta.cursor).toBeUndefined();
    const timed = await client.api.observations.getMany({
      fromStartTime: '2026-03-01T10:00:00.015Z',
      toStartTime: '2026-03-01T10:00:00.035Z',
    });
    expect(timed.data.map((o) => o.id)).toEqual([`${traceId}-obs-3`, `${traceId}-obs-2`]);
  });

  it('the legacy v1 observations API pages and gets one', async () => {
    const page = await client.api.legacy.observationsV1.getMany({ traceId, type: 'GENERATION', page: 1, limit: 2 });
    expect(page.meta).toMatchObject({ page: 1, limit: 2, totalItems: 3, totalPages: 2 });
    const one = await client.api.legacy.observationsV1.get(`${traceId}-obs-2`);
    expect(one).toMatchObject({ id: `${traceId}-obs-2`, model: 'gpt-4o-mini', level: 'DEFAULT' });
  });

  it('takes the JSON filter of api.trace.list and of both observation lists', async () => {
    const filter = (conditions: unknown[]) => JSON.stringify(conditions);
    const byUser = { type: 'string', column: 'userId', operator: '=', value: 'u-client' };
    const traces = await client.api.trace.list({
      filter: filter([byUser, { type: 'number', column: 'inputTokens', operator: '>=', value: 60 }]),
    });
    expect(traces.data.map((t) => t.id)).toEqual([traceId]);
    expect(traces.meta.totalItems).toBe(1);
    const none = await client.api.trace.list({
      filter: filter([byUser, { type: 'number', column: 'inputTokens', operator: '>', value: 60 }]),
    });
    expect(none.meta.totalItems).toBe(0);
    const tokens = filter([{ type: 'number', column: 'inputTokens', operator: '>', value: 10 }]);
    const v2 = await client.api.observations.getMany({ traceId, filter: tokens });
    expect(v2.data.map((o) => o.id)).toEqual([`${traceId}-obs-4`, `${traceId}-obs-2`]);
    // The filter's name condition overrides the simple name parameter, as Langfuse's does.
    const v1 = await client.api.legacy.observationsV1.getMany({
      traceId,
      name: 'step 0',
      filter: filter([{ type: 'stringOptions', column: 'name', operator: 'any of', value: ['step 1', 'step 3'] }]),
    });
    expect(v1.data.map((o) => o.id)).toEqual([`${traceId}-obs-3`, `${traceId}-obs-1`]);
    expect(v1.meta.totalItems).toBe(2);
    await expect(
      client.api.trace.list({ filter: filter([{ type: 'string', column: 'nope', operator: '=', value: 'x' }]) }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('api.projects.get answers the one project the keys belong to', async () => {
    const projects = await client.api.projects.get();
    expect(projects.data).toHaveLength(1);
    expect(projects.data[0]).toMatchObject({ id: 'spanhouse', name: 'spanhouse' });
  });
});
