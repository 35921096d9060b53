import type { LangfuseClient } from '@langfuse/client';
import { ErrorBody, parse, ScoreConfigList, ScoreConfigOutput } from '@spanhouse/schema';
import type { Langfuse } from 'langfuse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer } from '../support/app.ts';
import { callJson, langfuseClients } from '../support/langfuse-clients.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * Langfuse's score configs, called as its SDKs call them: @langfuse/client's api.scoreConfigs
 * (create, get, getById, update) and the legacy langfuse SDK's api.scoreConfigs* helpers, and as raw
 * HTTP for the statuses and error bodies of bad input. Scores checked against them:
 * scores-against-configs.test.ts.
 */
let server: TestServer;
let client: LangfuseClient;
let legacy: Langfuse;
let shutdown: () => Promise<void>;

const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  callJson(server, method, path, body, headers);

/** The 4xx of a call: its status and our error body's message. */
async function refusal(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
  const res = await call(method, path, body, headers);
  return { status: res.status, message: parse(ErrorBody, res.body).message };
}

beforeAll(async () => {
  server = await startTestServer('langfuse-score-configs');
  ({ client, legacy, shutdown } = langfuseClients(server));
});

afterAll(async () => {
  await shutdown?.();
  await server?.close();
});

describe('score configs through @langfuse/client', () => {
  it('creates configs of every data type, BOOLEAN with its categories generated, and reads each back', async () => {
    const numeric = await client.api.scoreConfigs.create({
      name: 'accuracy',
      dataType: 'NUMERIC',
      minValue: 0,
      maxValue: 10,
      description: 'factual correctness',
    });
    expect(parse(ScoreConfigOutput, numeric)).toMatchObject({
      name: 'accuracy',
      dataType: 'NUMERIC',
      isArchived: false,
      minValue: 0,
      maxValue: 10,
      categories: null,
      description: 'factual correctness',
      projectId: 'spanhouse',
    });
    expect(numeric.createdAt).toBe(numeric.updatedAt);
    const categorical = await client.api.scoreConfigs.create({
      name: 'tone',
      dataType: 'CATEGORICAL',
      categories: [
        { label: 'friendly', value: 1 },
        { label: 'rude', value: -1 },
      ],
    });
    expect(categorical).toMatchObject({ minValue: null, maxValue: null, description: null });
    const boolean = await client.api.scoreConfigs.create({ name: 'safe', dataType: 'BOOLEAN' });
    expect(boolean.categories).toEqual([
      { label: 'True', value: 1 },
      { label: 'False', value: 0 },
    ]);
    const text = await client.api.scoreConfigs.create({ name: 'note (free)', dataType: 'TEXT' });

    for (const config of [numeric, categorical, boolean, text]) {
      expect(await client.api.scoreConfigs.getById(config.id)).toEqual(config);
    }
  });

  it('lists them newest first in pages, with Langfuse meta', async () => {
    const all = await client.api.scoreConfigs.get();
    expect(parse(ScoreConfigList, all).meta).toEqual({ page: 1, limit: 50, totalItems: 4, totalPages: 1 });
    expect(all.data.map((c) => c.name)).toEqual(['note (free)', 'safe', 'tone', 'accuracy']);
    const second = await client.api.scoreConfigs.get({ page: 2, limit: 3 });
    expect(second.meta).toEqual({ page: 2, limit: 3, totalItems: 4, totalPages: 2 });
    expect(second.data.map((c) => c.name)).toEqual(['accuracy']);
    expect((await client.api.scoreConfigs.get({ page: 3, limit: 3 })).data).toEqual([]);
  });

  it('updates a config: archive, rename, range and description; the next read shows it', async () => {
    const config = await client.api.scoreConfigs.create({ name: 'latency ok', dataType: 'NUMERIC', minValue: 0 });
    const updated = await client.api.scoreConfigs.update(config.id, {
      name: 'latency fine',
      maxValue: 5,
      description: 'seconds',
      isArchived: true,
    });
    expect(updated).toMatchObject({
      id: config.id,
      name: 'latency fine',
      minValue: 0,
      maxValue: 5,
      description: 'seconds',
      isArchived: true,
      createdAt: config.createdAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(config.updatedAt));
    expect(await client.api.scoreConfigs.getById(config.id)).toEqual(updated);
    const restored = await client.api.scoreConfigs.update(config.id, { isArchived: false });
    expect(restored).toMatchObject({ name: 'latency fine', maxValue: 5, isArchived: false });
    expect((await client.api.scoreConfigs.getById(config.id)).isArchived).toBe(false);
  });

  it("updates a CATEGORICAL config's categories, checked as on creation", async () => {
    const config = await client.api.scoreConfigs.create({
      name: 'verdict',
      dataType: 'CATEGORICAL',
      categories: [{ label: 'pass', value: 1 }],
    });
    const categories = [
      { label: 'pass', value: 1 },
      { label: 'fail', value: 0 },
    ];
    expect((await client.api.scoreConfigs.update(config.id, { categories })).categories).toEqual(categories);
    await expect(
      client.api.scoreConfigs.update(config.id, { categories: [...categories, { label: 'pass', value: 2 }] }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect((await client.api.scoreConfigs.getById(config.id)).categories).toEqual(categories);
  });
});

describe('score configs through the legacy langfuse SDK', () => {
  it('creates, lists and reads configs with its api helpers', async () => {
    const created = await legacy.api.scoreConfigsCreate({
      name: 'legacy',
      dataType: 'CATEGORICAL',
      categories: [{ label: 'a', value: 0 }],
    });
    expect(created).toMatchObject({ name: 'legacy', dataType: 'CATEGORICAL', isArchived: false });
    expect(await legacy.api.scoreConfigsGetById(created.id)).toEqual(created);
    const page = await legacy.api.scoreConfigsGet({ page: 1, limit: 1 });
    expect(page.data).toEqual([created]);
    expect(page.meta.limit).toBe(1);
  });
});

describe('score configs: bad input', () => {
  const create = (body: unknown) => refusal('POST', '/api/public/score-configs', body);

  it('refuses a config without a name, with a bad name or data type, naming the field', async () => {
    expect(await create({ dataType: 'NUMERIC' })).toEqual({ status: 400, message: 'name: is required' });
    expect(await create({ name: '', dataType: 'NUMERIC' })).toEqual({
      status: 400,
      message: 'name: must not be empty',
    });
    expect(await create({ name: 'x'.repeat(36), dataType: 'NUMERIC' })).toMatchObject({ status: 400 });
    expect((await create({ name: 'a<b>', dataType: 'NUMERIC' })).message).toBe(
      'name: Name contains invalid characters',
    );
    expect((await create({ name: 'ok', dataType: 'NUMBER' })).message).toMatch(/^dataType: must be one of NUMERIC/);
    expect((await create('not json')).status).toBe(400);
  });

  it('refuses a CATEGORICAL config without categories or with duplicates', async () => {
    expect(await create({ name: 'c', dataType: 'CATEGORICAL' })).toEqual({
      status: 400,
      message: 'categories: a CATEGORICAL config needs categories [{label, value}]',
    });
    expect(
      (
        await create({
          name: 'c',
          dataType: 'CATEGORICAL',
          categories: [
            { label: 'a', value: 1 },
            { label: 'a', value: 2 },
          ],
        })
      ).message,
    ).toBe('categories: Duplicate category label: a, category labels must be unique');
    expect(
      (
        await create({
          name: 'c',
          dataType: 'CATEGORICAL',
          categories: [
            { label: 'a', value: 1 },
            { label: 'b', value: 1 },
          ],
        })
      ).message,
    ).toBe('categories: Duplicate category value: 1, category values must be unique');
    expect((await create({ name: 'c', dataType: 'CATEGORICAL', categories: [{ label: '', value: 1 }] })).status).toBe(
      400,
    );
  });

  it('refuses a range whose maximum is not above its minimum, and fields of another data type', async () => {
    const tooHigh = { status: 400, message: 'Maximum value must be greater than Minimum value' };
    expect(await create({ name: 'n', dataType: 'NUMERIC', minValue: 5, maxValue: 1 })).toEqual(tooHigh);
    expect(await create({ name: 'n', dataType: 'NUMERIC', minValue: 5, maxValue: 5 })).toEqual(tooHigh);
    expect((await create({ name: 'b', dataType: 'BOOLEAN', categories: [{ label: 'yes', value: 1 }] })).message).toBe(
      'categories: Categories are autogenerated for boolean configs and cannot be passed',
    );
    expect((await create({ name: 'c', dataType: 'CATEGORICAL', minValue: 0, categories: [] })).status).toBe(400);
    expect((await create({ name: 'b', dataType: 'BOOLEAN', minValue: 0 })).message).toBe(
      'minValue: only a NUMERIC config has a range, not a BOOLEAN one',
    );
    expect((await create({ name: 'n', dataType: 'NUMERIC', categories: [{ label: 'a', value: 1 }] })).status).toBe(400);
    expect((await create({ name: 'n', dataType: 'NUMERIC', minValue: 'low' })).message).toBe(
      'minValue: must be a number',
    );
  });

  it('refuses an update that is empty or breaks a rule, and keeps the config as it was', async () => {
    const config = await client.api.scoreConfigs.create({ name: 'range', dataType: 'NUMERIC', minValue: 1 });
    const path = `/api/public/score-configs/${config.id}`;
    expect(await refusal('PATCH', path, {})).toEqual({
      status: 400,
      message: 'Request body cannot be empty. At least one field must be provided for update.',
    });
    expect((await refusal('PATCH', path, { maxValue: 0 })).message).toBe(
      'Maximum value must be greater than Minimum value',
    );
    expect((await refusal('PATCH', path, { categories: [{ label: 'a', value: 1 }] })).status).toBe(400);
    expect((await refusal('PATCH', path, { isArchived: 'yes' })).message).toBe('isArchived: must be a boolean');
    expect(await client.api.scoreConfigs.getById(config.id)).toEqual(config);
  });

  it('answers 404 for an unknown config id, on read and on update', async () => {
    const missing = { status: 404, message: 'Score config not found within authorized project' };
    expect(await refusal('GET', '/api/public/score-configs/no-such-config')).toEqual(missing);
    expect(await refusal('PATCH', '/api/public/score-configs/no-such-config', { isArchived: true })).toEqual(missing);
    await expect(client.api.scoreConfigs.getById('no-such-config')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses page and limit out of range', async () => {
    expect((await refusal('GET', '/api/public/score-configs?limit=101')).message).toBe('limit: limit must be <= 100');
    expect((await refusal('GET', '/api/public/score-configs?page=0')).message).toBe('page: page must be >= 1');
  });

  it("keeps each project's configs its own: another project's config id is a 404", async () => {
    const project = (await call('POST', '/api/public/projects', { name: 'other team' }, bearer())).body as {
      id: string;
    };
    const key = (await call('POST', `/api/public/projects/${project.id}/apiKeys`, {}, bearer())).body as {
      publicKey: string;
      secretKey: string;
    };
    const other = basic(key.publicKey, key.secretKey);
    const theirs = (await call('POST', '/api/public/score-configs', { name: 'theirs', dataType: 'BOOLEAN' }, other))
      .body as { id: string; projectId: string };
    expect(theirs.projectId).toBe(project.id);
    expect((await refusal('GET', `/api/public/score-configs/${theirs.id}`)).status).toBe(404);
    expect((await refusal('PATCH', `/api/public/score-configs/${theirs.id}`, { isArchived: true })).status).toBe(404);
    const list = (await call('GET', '/api/public/score-configs', undefined, other)).body as ScoreConfigList;
    expect(list.data.map((c) => c.name)).toEqual(['theirs']);
    expect((await client.api.scoreConfigs.get()).data.map((c) => c.name)).not.toContain('theirs');
    // The admin reads another project's configs by naming it.
    const named = await call('GET', `/api/public/score-configs/${theirs.id}`, undefined, {
      ...bearer(),
      'Spanhouse-Project': project.id,
    });
    expect(named.status).toBe(200);
  });
});
