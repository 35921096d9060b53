import { LangfuseClient } from '@langfuse/client';
import { TABLES } from '@spanhouse/db';
import { ApiKeyList, ApiKeyResponse, ErrorBody, ProjectOutput, ProjectsResponse, parse } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer, WAIT_FOR_COMMIT } from '../support/app.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * The admin API in Langfuse's shape, called as Langfuse's own client calls it (@langfuse/client's
 * api.projects, with the bearer token as the admin's credential) and as raw HTTP for the statuses
 * and error cases: projects created, listed, renamed and deleted, keys created (the secret shown
 * once), listed (never with a secret, with their last use) and revoked.
 */

let server: TestServer;
let admin: LangfuseClient;
/** The admin's credential, per call (the client's own Authorization is Basic). */
const asAdmin = () => ({ headers: bearer() });

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  server = await startTestServer('projects-admin', {}, undefined, undefined, {
    removalDelayMs: 0,
    keyUsesFlushMs: 200,
  });
  admin = new LangfuseClient({ publicKey: 'pk-unused', secretKey: 'sk-unused', baseUrl: server.baseUrl });
});

afterAll(async () => {
  await admin?.shutdown();
  await server?.close();
});

describe('projects', () => {
  it("are created, listed, renamed and read back in Langfuse's shape", async () => {
    const created = await admin.api.projects.create(
      { name: 'team alpha', metadata: { owner: 'ml', tier: 2 }, retention: 30 },
      asAdmin(),
    );
    expect(parse(ProjectOutput, created)).toMatchObject({
      name: 'team alpha',
      metadata: { owner: 'ml', tier: 2 },
      retentionDays: 30,
      organization: { id: 'spanhouse', name: 'spanhouse' },
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);

    // Langfuse keeps metadata and retention when an update leaves them out.
    const renamed = await admin.api.projects.update(created.id, { name: 'team alpha 2' }, asAdmin());
    expect(renamed).toMatchObject({
      id: created.id,
      name: 'team alpha 2',
      metadata: { owner: 'ml' },
      retentionDays: 30,
    });
    const noRetention = await admin.api.projects.update(created.id, { name: 'team alpha 2', retention: 0 }, asAdmin());
    expect(noRetention).not.toHaveProperty('retentionDays');

    const all = parse(ProjectsResponse, (await call('GET', '/api/public/projects', bearer())).body);
    expect(all.data.map((p) => p.name)).toEqual(['spanhouse', 'team alpha 2']);
    const one = await call('GET', '/api/public/projects', { ...bearer(), 'Spanhouse-Project': created.id });
    expect(one.body).toEqual({ data: [noRetention] });
    const org = await call('GET', '/api/public/organizations/projects', bearer());
    expect((org.body.projects as { id: string }[]).map((p) => p.id)).toEqual(['spanhouse', created.id]);
  });

  it('answers 201 on creation, and a clear 400 or 409 for what Langfuse refuses', async () => {
    const ok = await call('POST', '/api/public/projects', bearer(), { name: 'statuses', metadata: '{"a":1}' });
    expect(ok.status).toBe(201);
    expect(ok.body.metadata).toEqual({ a: 1 });
    const cases: [unknown, number, RegExp][] = [
      [{ name: 'ab' }, 400, /name: must have at least 3 characters/],
      [{ name: 'x'.repeat(61) }, 400, /name: must have at most 60 characters/],
      [{ name: '<b>bold</b>' }, 400, /HTML/],
      [{}, 400, /name/],
      [{ name: 'fine name', retention: 2 }, 400, /retention: must be 0 or between 3/],
      [{ name: 'fine name', retention: 3.5 }, 400, /retention: must be an integer/],
      [{ name: 'fine name', metadata: [1] }, 400, /metadata: must be a JSON object/],
      [{ name: 'fine name', metadata: 'not json' }, 400, /metadata: must be a JSON object/],
      // Every process keeps every project's metadata and reads them all again every few seconds.
      [{ name: 'fine name', metadata: { notes: 'x'.repeat(65_536) } }, 400, /metadata: must be at most 65536 bytes/],
      ['not json', 400, /not valid JSON/],
      [{ name: 'statuses' }, 409, /already exists/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/api/public/projects', bearer(), body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(parse(ErrorBody, res.body).message).toMatch(message);
    }
    expect((await call('PUT', '/api/public/projects/nope', bearer(), { name: 'whatever' })).status).toBe(404);
    expect((await call('DELETE', '/api/public/projects/nope', bearer())).status).toBe(404);
  });

  it('keeps the default project: renamable, never deletable', async () => {
    const del = await call('DELETE', '/api/public/projects/spanhouse', bearer());
    expect(del.status).toBe(409);
    expect(parse(ErrorBody, del.body).code).toBe('CONFLICT');
    const put = await call('PUT', '/api/public/projects/spanhouse', bearer(), { name: 'default team' });
    expect(put.body).toMatchObject({ id: 'spanhouse', name: 'default team' });
    // The environment's key pair still answers for it, under its new name.
    const mine = await call('GET', '/api/public/projects', basic());
    expect(mine.body).toMatchObject({ data: [{ id: 'spanhouse', name: 'default team' }] });
    await call('PUT', '/api/public/projects/spanhouse', bearer(), { name: 'spanhouse' });
  });
});

describe('API keys', () => {
  it('show their secret once, never in a listing, and record their last use', async () => {
    const project = await admin.api.projects.create({ name: 'keys team', retention: 0 }, asAdmin());
    const key = parse(ApiKeyResponse, await admin.api.projects.createApiKey(project.id, { note: 'ci' }, asAdmin()));
    expect(key.publicKey).toMatch(/^pk-sh-[0-9a-f-]{36}$/);
    expect(key.secretKey).toMatch(/^sk-sh-[A-Za-z0-9_-]{43}$/);
    expect(key.displaySecretKey).toBe(`${key.secretKey.slice(0, 6)}...${key.secretKey.slice(-4)}`);
    expect(key.note).toBe('ci');

    const listed = await call('GET', `/api/public/projects/${project.id}/apiKeys`, bearer());
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(key.secretKey.slice(6, -4));
    expect(parse(ApiKeyList, listed.body).apiKeys).toEqual([
      {
        id: key.id,
        createdAt: key.createdAt,
        expiresAt: null,
        lastUsedAt: null,
        note: 'ci',
        publicKey: key.publicKey,
        displaySecretKey: key.displaySecretKey,
      },
    ]);
    // Nothing stored holds the secret either: only its keyed hash.
    const stored = await (
      await server.db.writer.query({ query: `SELECT * FROM ${TABLES.apiKeys}`, format: 'JSONEachRow' })
    ).text();
    expect(stored).not.toContain(key.secretKey.slice(6, -4));

    const before = Date.now();
    const used = await call('GET', '/api/public/projects', basic(key.publicKey, key.secretKey));
    expect(used.body).toMatchObject({ data: [{ id: project.id, name: 'keys team' }] });
    let lastUsedAt: string | null = null;
    for (const deadline = Date.now() + 10_000; !lastUsedAt && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
      lastUsedAt = (await admin.api.projects.getApiKeys(project.id, asAdmin())).apiKeys[0]!.lastUsedAt ?? null;
    }
    expect(Date.parse(String(lastUsedAt))).toBeGreaterThanOrEqual(before - 1000);
  });

  it('take a predefined pair, both halves or neither, each public key once', async () => {
    const project = await admin.api.projects.create({ name: 'predefined', retention: 0 }, asAdmin());
    const path = `/api/public/projects/${project.id}/apiKeys`;
    const pair = { publicKey: 'pk-lf-predefined-0001', secretKey: 'sk-lf-0123456789abcdef0123' };
    const created = await call('POST', path, bearer(), pair);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...pair, displaySecretKey: 'sk-lf-...0123', note: null });
    expect((await call('POST', path, bearer(), pair)).status).toBe(409);
    expect((await call('POST', path, bearer(), { publicKey: 'pk-lf-alone-0001' })).status).toBe(400);
    expect((await call('POST', path, bearer(), { ...pair, publicKey: 'nope' })).status).toBe(400);
    // The environment's public key is taken too.
    const env = { publicKey: server.credentials.publicKey, secretKey: pair.secretKey };
    expect((await call('POST', path, bearer(), env)).status).toBe(409);
    const works = await call('GET', '/api/public/projects', basic(pair.publicKey, pair.secretKey));
    expect(works.status).toBe(200);
  });

  it('are refused as soon as they are revoked, and revoking twice is a 404', async () => {
    const project = await admin.api.projects.create({ name: 'revoked', retention: 0 }, asAdmin());
    const key = await admin.api.projects.createApiKey(project.id, {}, asAdmin());
    const auth = basic(key.publicKey, key.secretKey);
    expect((await call('GET', '/api/public/traces', auth)).status).toBe(200);
    expect(await admin.api.projects.deleteApiKey(project.id, key.id, asAdmin())).toEqual({ success: true });
    const refused = await call('GET', '/api/public/traces', auth);
    expect(refused.status).toBe(401);
    expect(parse(ErrorBody, refused.body).code).toBe('UNAUTHORIZED');
    expect((await call('DELETE', `/api/public/projects/${project.id}/apiKeys/${key.id}`, bearer())).status).toBe(404);
    // A key of one project is not another project's to revoke.
    const other = await admin.api.projects.create({ name: 'not yours', retention: 0 }, asAdmin());
    const kept = await admin.api.projects.createApiKey(project.id, {}, asAdmin());
    expect((await call('DELETE', `/api/public/projects/${other.id}/apiKeys/${kept.id}`, bearer())).status).toBe(404);
    expect((await call('GET', '/api/public/traces', basic(kept.publicKey, kept.secretKey))).status).toBe(200);
  });
});

describe('concurrent admin requests', () => {
  const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();

  it('store one project per name: one 201, the others 409', async () => {
    const name = 'raced name';
    const rs = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/api/public/projects', bearer(), { name })),
    );
    expect(statuses(rs)).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const listed = await call('GET', '/api/public/projects', bearer());
    expect((listed.body.data as { name: string }[]).filter((p) => p.name === name)).toHaveLength(1);
  });

  it('rename two projects to one name: one 200, one 409', async () => {
    const a = await admin.api.projects.create({ name: 'rename a', retention: 0 }, asAdmin());
    const b = await admin.api.projects.create({ name: 'rename b', retention: 0 }, asAdmin());
    const name = 'renamed alike';
    const rs = await Promise.all([a, b].map((p) => call('PUT', `/api/public/projects/${p.id}`, bearer(), { name })));
    expect(statuses(rs)).toEqual([200, 409]);
    const listed = await call('GET', '/api/public/projects', bearer());
    expect((listed.body.data as { name: string }[]).filter((p) => p.name === name)).toHaveLength(1);
  });

  it('store one key per public key, and the secret answered with 201 is the one that works', async () => {
    const project = await admin.api.projects.create({ name: 'raced keys', retention: 0 }, asAdmin());
    const path = `/api/public/projects/${project.id}/apiKeys`;
    const publicKey = 'pk-lf-raced-0001';
    const secrets = Array.from({ length: 6 }, (_, i) => `sk-lf-raced-secret-000${i}`);
    const rs = await Promise.all(secrets.map((secretKey) => call('POST', path, bearer(), { publicKey, secretKey })));
    expect(statuses(rs)).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = rs.find((r) => r.status === 201)!.body.secretKey as string;
    for (const secretKey of secrets) {
      const res = await call('GET', '/api/public/projects', basic(publicKey, secretKey));
      expect(res.status, secretKey).toBe(secretKey === winner ? 200 : 401);
    }
    const keys = await call('GET', path, bearer());
    expect((keys.body.apiKeys as { publicKey: string }[]).filter((k) => k.publicKey === publicKey)).toHaveLength(1);
  });
});

describe("a project's key", () => {
  it('sees its own project alone and administers nothing (403, as Langfuse answers a project key)', async () => {
    const project = await admin.api.projects.create({ name: 'plain member', retention: 0 }, asAdmin());
    const other = await admin.api.projects.create({ name: 'someone else', retention: 0 }, asAdmin());
    const key = await admin.api.projects.createApiKey(project.id, {}, asAdmin());
    const auth = basic(key.publicKey, key.secretKey);
    expect((await call('GET', '/api/public/projects', auth)).body).toEqual({
      data: [
        { id: project.id, name: 'plain member', organization: { id: 'spanhouse', name: 'spanhouse' }, metadata: {} },
      ],
    });
    const forbidden: [string, string, unknown?][] = [
      ['POST', '/api/public/projects', { name: 'mine now' }],
      ['PUT', `/api/public/projects/${project.id}`, { name: 'renamed' }],
      ['DELETE', `/api/public/projects/${other.id}`],
      ['GET', `/api/public/projects/${project.id}/apiKeys`],
      ['POST', `/api/public/projects/${project.id}/apiKeys`, {}],
      ['DELETE', `/api/public/projects/${project.id}/apiKeys/${key.id}`],
      ['GET', '/api/public/organizations/projects'],
    ];
    for (const [method, path, body] of forbidden) {
      const res = await call(method, path, auth, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(parse(ErrorBody, res.body).code).toBe('FORBIDDEN');
    }
    // It cannot name another project either, nor reach the self-metrics.
    const named = await call('GET', '/api/public/traces', { ...auth, 'Spanhouse-Project': other.id });
    expect(named.status).toBe(403);
    expect((await call('GET', '/api/public/traces', { ...auth, 'Spanhouse-Project': project.id })).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: auth })).status).toBe(401);
  });

  it('writes on every ingest path, /v1 included, where the environment pair keeps its Bearer-only rule', async () => {
    const project = await admin.api.projects.create({ name: 'v1 writer', retention: 0 }, asAdmin());
    const key = await admin.api.projects.createApiKey(project.id, {}, asAdmin());
    const auth = { ...basic(key.publicKey, key.secretKey), ...WAIT_FOR_COMMIT };
    const batch = { trace: { id: 'v1-trace', name: 'from v1' }, observations: [] };
    expect((await call('POST', '/v1/l/batch', auth, batch)).status).toBe(200);
    expect((await call('POST', '/v1/l/batch', basic(), batch)).status).toBe(401);
    const points = { metrics: [{ name: 'v1.metric', value: 1, timestamp: '2026-03-01T10:00:00Z' }] };
    expect((await call('POST', '/v1/metrics/batch', auth, points)).status).toBe(200);
    expect((await call('GET', '/api/public/traces/v1-trace', auth)).body).toMatchObject({ name: 'from v1' });
    expect((await call('GET', '/api/public/metrics/names', auth)).body).toEqual({ data: ['v1.metric'] });
  });
});

describe('deleting a project', () => {
  it('answers 202, hides it and refuses its keys at once, and removes its rows in the background', async () => {
    const project = await admin.api.projects.create({ name: 'to delete', retention: 0 }, asAdmin());
    const key = await admin.api.projects.createApiKey(project.id, {}, asAdmin());
    const auth = { ...basic(key.publicKey, key.secretKey), ...WAIT_FOR_COMMIT };
    const stored = await call('POST', '/v1/l/batch', auth, {
      trace: { id: 'doomed', name: 'doomed' },
      observations: [{ id: 'o1', startTime: '2026-03-01T10:00:00Z' }],
    });
    expect(stored.status).toBe(200);
    const config = await call('POST', '/api/public/score-configs', auth, { name: 'doomed', dataType: 'BOOLEAN' });
    expect(config.status).toBe(200);
    // The trace, its observation, the trace's search document (0047) and the score config, each a
    // row at least.
    const tables = [TABLES.traces, TABLES.observationPieces, TABLES.traceSearch, TABLES.scoreConfigs];
    const rowsOf = async () =>
      (
        await (
          await server.db.writer.query({
            query: `SELECT [${tables.map((t) => `(SELECT count() FROM ${t} WHERE project_id = {p:String})`).join(', ')}] AS n`,
            query_params: { p: project.id },
            format: 'JSONEachRow',
          })
        ).json<{ n: string[] }>()
      )[0]!.n.map(Number);
    const rows = async () => (await rowsOf()).reduce((a, b) => a + b, 0);
    expect((await rowsOf()).every((n) => n > 0)).toBe(true);

    const deleted = await admin.api.projects.delete(project.id, asAdmin());
    expect(deleted).toEqual({
      success: true,
      message: 'Project deletion has been initiated and is being processed asynchronously',
    });
    expect((await call('GET', '/api/public/traces', auth)).status).toBe(401);
    const named = await call('GET', '/api/public/traces', { ...bearer(), 'Spanhouse-Project': project.id });
    expect(named.status).toBe(404);
    const listed = parse(ProjectsResponse, (await call('GET', '/api/public/projects', bearer())).body);
    expect(listed.data.map((p) => p.id)).not.toContain(project.id);
    expect((await call('GET', `/api/public/projects/${project.id}/apiKeys`, bearer())).status).toBe(404);
    expect((await call('DELETE', `/api/public/projects/${project.id}`, bearer())).status).toBe(404);

    for (const deadline = Date.now() + 20_000; (await rows()) > 0 && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await rows()).toBe(0);
  });
});
