import type { LangfuseClient } from '@langfuse/client';
import { ErrorBody, parse } from '@spanhouse/schema';
import type { Langfuse } from 'langfuse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer, WAIT_FOR_COMMIT } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { callJson, langfuseClients } from '../support/langfuse-clients.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * Scores that name a score config (configId), checked as Langfuse checks them, on every score path:
 * POST /api/public/scores, the ingestion API's 207 per event, and both SDKs' queued scores.
 */
let server: TestServer;
let client: LangfuseClient;
let legacy: Langfuse;
let shutdown: () => Promise<void>;

const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  callJson(server, method, path, body, headers);

beforeAll(async () => {
  server = await startTestServer('langfuse-scores-against-configs');
  ({ client, legacy, shutdown } = langfuseClients(server));
});

afterAll(async () => {
  await shutdown?.();
  await server?.close();
});

describe('scores that name a config', () => {
  const traceId = 'configured-trace';
  let numeric: { id: string };
  let categorical: { id: string };
  let boolean: { id: string };
  let archived: { id: string };

  beforeAll(async () => {
    numeric = await client.api.scoreConfigs.create({ name: 'grade', dataType: 'NUMERIC', minValue: 0, maxValue: 10 });
    categorical = await client.api.scoreConfigs.create({
      name: 'mood',
      dataType: 'CATEGORICAL',
      categories: [
        { label: 'happy', value: 2 },
        { label: 'sad', value: -2 },
      ],
    });
    boolean = await client.api.scoreConfigs.create({ name: 'correct', dataType: 'BOOLEAN' });
    archived = await client.api.scoreConfigs.create({ name: 'retired', dataType: 'NUMERIC' });
    await client.api.scoreConfigs.update(archived.id, { isArchived: true });
  });

  const post = (body: Record<string, unknown>) =>
    call('POST', '/api/public/scores', { traceId, ...body }, { ...basic(), ...WAIT_FOR_COMMIT });

  it("POST /api/public/scores stores a score that fits its config, under the config's name and type", async () => {
    const graded = await client.api.scores.create({ traceId, name: 'any', value: 7.5, configId: numeric.id });
    expect(await client.api.scores.getById(graded.id)).toMatchObject({
      name: 'grade',
      value: 7.5,
      dataType: 'NUMERIC',
      configId: numeric.id,
    });
    const mood = await client.api.scores.create({ traceId, name: 'mood', value: 'sad', configId: categorical.id });
    expect(await client.api.scores.getById(mood.id)).toMatchObject({
      value: -2,
      stringValue: 'sad',
      dataType: 'CATEGORICAL',
    });
    const correct = await client.api.scores.create({ traceId, name: 'correct', value: 1, configId: boolean.id });
    expect(await client.api.scores.getById(correct.id)).toMatchObject({
      value: 1,
      stringValue: 'True',
      dataType: 'BOOLEAN',
    });
  });

  it('POST /api/public/scores refuses a score that breaks its config, and stores nothing', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await post({ id: `refused-${Math.random()}`, name: 'x', ...body });
      return { status: res.status, message: parse(ErrorBody, res.body).message };
    };
    const invalid = 'Ingested score body not valid against provided config';
    expect(await refused({ value: 11, configId: numeric.id })).toEqual({
      status: 400,
      message: `${invalid}: Value exceeds maximum value of 10 defined in config`,
    });
    expect(await refused({ value: -1, configId: numeric.id })).toEqual({
      status: 400,
      message: `${invalid}: Value is below minimum value of 0 defined in config`,
    });
    expect(await refused({ value: 'meh', configId: categorical.id })).toEqual({
      status: 400,
      message: `${invalid}: Value meh does not map to a valid category. Pass a valid category value.`,
    });
    expect(await refused({ value: 2, configId: categorical.id })).toMatchObject({ status: 400 });
    expect(await refused({ value: 2, configId: boolean.id })).toEqual({
      status: 400,
      message: 'value: must be 0 or 1 for dataType BOOLEAN',
    });
    expect(await refused({ value: 'happy', dataType: 'CATEGORICAL', configId: numeric.id })).toEqual({
      status: 400,
      message: 'Data type mismatch based on config: expected NUMERIC, got CATEGORICAL',
    });
    expect(await refused({ value: 1, configId: archived.id })).toEqual({
      status: 400,
      message: 'Config is archived and cannot be used to create new scores. Please restore the config first.',
    });
    expect(await refused({ value: 1, configId: 'no-such-config' })).toEqual({
      status: 404,
      message: 'The configId you provided does not match a valid config in this project',
    });
    await expect(
      client.api.scores.create({ traceId, name: 'grade', value: 99, configId: numeric.id }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const stored = await client.api.scores.getMany({ traceId, limit: 100 });
    expect(stored.data.map((s) => s.name).sort()).toEqual(['correct', 'grade', 'mood']);
  });

  it("refuses another project's config as unknown", async () => {
    const project = (await call('POST', '/api/public/projects', { name: 'config owners' }, bearer())).body as {
      id: string;
    };
    const key = (await call('POST', `/api/public/projects/${project.id}/apiKeys`, {}, bearer())).body as {
      publicKey: string;
      secretKey: string;
    };
    const theirs = (
      await call(
        'POST',
        '/api/public/score-configs',
        { name: 'theirs', dataType: 'NUMERIC' },
        basic(key.publicKey, key.secretKey),
      )
    ).body as { id: string };
    expect((await post({ name: 'x', value: 1, configId: theirs.id })).status).toBe(404);
  });

  it('the ingestion API stores the events that fit and answers each that does not in the 207', async () => {
    const at = new Date().toISOString();
    const score = (id: string, body: Record<string, unknown>) => ({
      id,
      type: 'score-create',
      timestamp: at,
      body: { id: `ingested-${id}`, traceId: 'ingested-trace', name: 'ignored', ...body },
    });
    const res = await client.api.ingestion.batch({
      batch: [
        { id: 'trace', type: 'trace-create', timestamp: at, body: { id: 'ingested-trace', name: 'ingested' } },
        score('fits', { value: 3, configId: numeric.id }),
        score('too-high', { value: 30, configId: numeric.id }),
        score('unknown', { value: 3, configId: 'no-such-config' }),
        score('category', { value: 'happy', configId: categorical.id }),
        score('archived', { value: 3, configId: archived.id }),
        score('no-config', { value: 30 }),
      ] as never,
    });
    expect(res.successes.map((s) => s.id).sort()).toEqual(['category', 'fits', 'no-config', 'trace']);
    expect(res.errors).toEqual([
      {
        id: 'too-high',
        status: 400,
        message: 'Invalid request data',
        error:
          'Ingested score body not valid against provided config: Value exceeds maximum value of 10 defined in config',
      },
      {
        id: 'unknown',
        status: 404,
        message: 'Resource not found',
        error: 'The configId you provided does not match a valid config in this project',
      },
      {
        id: 'archived',
        status: 400,
        message: 'Invalid request data',
        error: 'Config is archived and cannot be used to create new scores. Please restore the config first.',
      },
    ]);
    const stored = await client.api.scores.getMany({ traceId: 'ingested-trace' });
    const byId = Object.fromEntries(stored.data.map((s) => [s.id, s]));
    expect(Object.keys(byId).sort()).toEqual(['ingested-category', 'ingested-fits', 'ingested-no-config']);
    expect(byId['ingested-fits']).toMatchObject({ name: 'grade', value: 3, configId: numeric.id });
    expect(byId['ingested-category']).toMatchObject({ name: 'mood', value: 2, stringValue: 'happy' });
  });

  it("the SDKs' queued scores with a configId are stored when they fit", async () => {
    client.score.create({ id: 'queued-configured', traceId, name: 'grade', value: 4, configId: numeric.id });
    await client.score.flush();
    expect(await client.api.scores.getById('queued-configured')).toMatchObject({ name: 'grade', configId: numeric.id });
    legacy.score({ id: 'legacy-configured', traceId, name: 'correct', value: 0, configId: boolean.id });
    await legacy.flushAsync();
    // The legacy SDK cannot ask to be answered once readable: the score is durable, readable shortly after.
    await eventually(async () => {
      const stored = await call('GET', '/api/public/v2/scores/legacy-configured');
      expect(stored.body).toMatchObject({ stringValue: 'False', dataType: 'BOOLEAN', configId: boolean.id });
    });
  });
});
