import { TABLES } from '@spanhouse/db';
import { createLogger } from '@spanhouse/http';
import { openProjects, type Projects } from '@spanhouse/projects';
import { ErrorBody, parse } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer, TEST_CREDENTIALS } from '../support/app.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * The credential check under attack: hostile project ids and key fields (never SQL, never a 5xx),
 * secrets compared in constant time, a brute force on one public key answered 401 at a steady cost
 * without a database read, and a revoked key refused by another process reading the same database
 * (a second key ring, as a split ingest or query process holds one) within 15 s.
 */

let server: TestServer;
let project: { id: string };
let key: { id: string; publicKey: string; secretKey: string };

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const basicValue = (pk: string, sk: string) => `Basic ${Buffer.from(`${pk}:${sk}`).toString('base64')}`;

async function tablesStored(): Promise<string[]> {
  const rows = await (
    await server.db.writer.query({
      query: 'SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name',
      format: 'JSONEachRow',
    })
  ).json<{ name: string }>();
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  server = await startTestServer('projects-security');
  project = (await call('POST', '/api/public/projects', bearer(), { name: 'target' })).body as { id: string };
  key = (await call('POST', `/api/public/projects/${project.id}/apiKeys`, bearer(), {})).body as typeof key;
});

afterAll(async () => server?.close());

const HOSTILE = [
  "spanhouse' OR '1'='1",
  "x'); DROP TABLE traces_v2; --",
  '{project:String}',
  'spanhouse\u0000',
  ' spanhouse',
  'SPANHOUSE',
  '../spanhouse',
  '%27',
  'a'.repeat(5000),
];

describe('hostile project ids and key fields', () => {
  it('a Spanhouse-Project value that names no project is a 404, never a query and never another project', async () => {
    const before = await tablesStored();
    for (const value of HOSTILE) {
      // Not header values: a NUL is refused by fetch, and surrounding space is not part of a value.
      if (/[\u0000]/.test(value) || value !== value.trim()) continue;
      const res = await call('GET', '/api/public/traces', { ...bearer(), 'Spanhouse-Project': value });
      expect(res.status, value).toBe(404);
      expect(parse(ErrorBody, res.body).code).toBe('NOT_FOUND');
    }
    expect(await tablesStored()).toEqual(before);
  });

  it('hostile ids in the admin API paths are 404s, hostile names and notes are stored as text', async () => {
    const before = await tablesStored();
    for (const value of HOSTILE) {
      const id = encodeURIComponent(value);
      for (const [method, path] of [
        ['PUT', `/api/public/projects/${id}`],
        ['DELETE', `/api/public/projects/${id}`],
        ['GET', `/api/public/projects/${id}/apiKeys`],
        ['POST', `/api/public/projects/${id}/apiKeys`],
        ['DELETE', `/api/public/projects/${project.id}/apiKeys/${id}`],
      ] as const) {
        const res = await call(
          method,
          path,
          bearer(),
          method === 'GET' || method === 'DELETE' ? undefined : { name: 'any name' },
        );
        expect([400, 404], `${method} ${path.slice(0, 80)}`).toContain(res.status);
      }
    }
    const name = "x'); DROP TABLE traces_v2; -- \u2603";
    const created = await call('POST', '/api/public/projects', bearer(), { name, metadata: { "k'": "v'); --" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name, metadata: { "k'": "v'); --" } });
    const note = "'); DELETE FROM api_keys; --";
    const made = await call('POST', `/api/public/projects/${created.body.id}/apiKeys`, bearer(), { note });
    expect(made.body.note).toBe(note);
    const listed = await call('GET', `/api/public/projects/${created.body.id}/apiKeys`, bearer());
    expect((listed.body.apiKeys as { note: string }[])[0]!.note).toBe(note);
    // A predefined key that is not a key is refused before anything is stored.
    for (const publicKey of ["pk-'); DROP TABLE api_keys; --", 'pk-{p0:String}', 'pk-a:b']) {
      const res = await call('POST', `/api/public/projects/${project.id}/apiKeys`, bearer(), {
        publicKey,
        secretKey: 'sk-0123456789abcdefABCDEF',
      });
      expect(res.status, publicKey).toBe(400);
    }
    expect(await tablesStored()).toEqual(before);
    expect((await call('GET', '/api/public/traces', basic(key.publicKey, key.secretKey))).status).toBe(200);
  });

  it('hostile public keys and secrets in Basic credentials are 401s', async () => {
    for (const value of HOSTILE) {
      for (const authorization of [basicValue(value, key.secretKey), basicValue(key.publicKey, value)]) {
        const res = await call('GET', '/api/public/traces', { Authorization: authorization });
        expect(res.status, value).toBe(401);
      }
    }
    for (const authorization of [
      'Basic',
      'Basic ',
      'Basic ====',
      'Basic !!!',
      `Basic ${'A'.repeat(10_000)}`,
      'Digest x',
      'bearer',
    ]) {
      expect(
        (await call('GET', '/api/public/traces', { Authorization: authorization })).status,
        authorization.slice(0, 20),
      ).toBe(401);
    }
  });
});

/**
 * Median nanoseconds of each of `variants` (called in turn, round after round, so a load that
 * changes during the run touches every variant alike).
 */
function interleavedMedians(variants: (() => unknown)[], rounds: number): number[] {
  const times = variants.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (let v = 0; v < variants.length; v++) {
      const t = process.hrtime.bigint();
      variants[v]!();
      times[v]!.push(Number(process.hrtime.bigint() - t));
    }
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]!);
}

describe('the cost of a failed check', () => {
  it('is the same for a wrong secret, an unknown key and a revoked key, and reads nothing', async () => {
    const revoked = (await call('POST', `/api/public/projects/${project.id}/apiKeys`, bearer(), {})).body as typeof key;
    await call('DELETE', `/api/public/projects/${project.id}/apiKeys/${revoked.id}`, bearer());
    const authenticate = server.app.projects.authenticate;
    let n = 0;
    // A fresh secret each time: failures are never remembered, and nothing can be.
    const fresh = () => `sk-sh-${(n++).toString(36).padStart(43, 'x')}`;
    const attempt = (pk: string) => () => {
      const outcome = authenticate({ authorization: basicValue(pk, fresh()) });
      // Synchronous: the check cannot have read the database.
      if (!('refused' in outcome) || outcome.refused.code !== 'UNAUTHORIZED') throw new Error('accepted');
    };
    const [wrong, unknown, gone] = interleavedMedians(
      [attempt(key.publicKey), attempt('pk-sh-00000000-0000-4000-8000-000000000000'), attempt(revoked.publicKey)],
      4000,
    );
    // The work is the same (one HMAC, one constant-time comparison); the bound is generous for a
    // loaded machine and still far below what a database read or a slow hash would add.
    for (const ns of [wrong!, unknown!, gone!]) expect(ns).toBeLessThan(200_000);
    const spread = Math.max(wrong!, unknown!, gone!) - Math.min(wrong!, unknown!, gone!);
    expect(spread, `medians ${wrong} / ${unknown} / ${gone} ns`).toBeLessThan(
      Math.max(5_000, 0.5 * Math.min(wrong!, unknown!, gone!)),
    );
  });

  it('a brute force on one public key is answered 401 every time, never 429 or 5xx', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 300; i++) {
      const res = await fetch(`${server.baseUrl}/api/public/traces`, {
        headers: { Authorization: basicValue(key.publicKey, `sk-sh-guess-${i}`) },
      });
      await res.arrayBuffer();
      statuses.add(res.status);
    }
    expect([...statuses]).toEqual([401]);
    expect((await call('GET', '/api/public/traces', basic(key.publicKey, key.secretKey))).status).toBe(200);
  });

  it('compares secrets in constant time: a near miss costs what a far miss costs', () => {
    const authenticate = server.app.projects.authenticate;
    const s = key.secretKey;
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const check = (secret: string) => () => authenticate({ authorization: basicValue(key.publicKey, secret) });
    // Each variant fresh every call (a cached success must not enter): different last characters.
    let k = 0;
    const nearMiss = () => check(flip(s, s.length - 1 - (k++ % 3)))();
    const farMiss = () => check(flip(s, 6 + (k++ % 3)))();
    const shortMiss = () => check(s.slice(0, 7))();
    const [near, far, short] = interleavedMedians([nearMiss, farMiss, shortMiss], 4000);
    const spread = Math.max(near!, far!, short!) - Math.min(near!, far!, short!);
    expect(spread, `medians ${near} / ${far} / ${short} ns`).toBeLessThan(
      Math.max(5_000, 0.5 * Math.min(near!, far!, short!)),
    );
  });
});

describe('another process', () => {
  let other: Projects;

  beforeAll(async () => {
    // What a second process (a split ingest or query process, another node) holds: its own key
    // ring over the same database, with the default refresh.
    other = await openProjects({ db: server.db, credentials: TEST_CREDENTIALS, logger: createLogger('silent') });
  });
  afterAll(async () => other?.close());

  const acceptedThere = (k: { publicKey: string; secretKey: string }) =>
    !('refused' in other.authenticate({ authorization: basicValue(k.publicKey, k.secretKey) }));

  async function within(ms: number, done: () => boolean): Promise<number> {
    const start = Date.now();
    while (!done()) {
      if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - start;
  }

  it('accepts a key created here, and refuses it within 15 s of its revocation here', async () => {
    const made = (await call('POST', `/api/public/projects/${project.id}/apiKeys`, bearer(), {})).body as typeof key;
    await within(15_000, () => acceptedThere(made));
    expect(acceptedThere(made)).toBe(true);
    const revokedAt = Date.now();
    await call('DELETE', `/api/public/projects/${project.id}/apiKeys/${made.id}`, bearer());
    // Here at once; there within the ring's refresh (5 s) and a read.
    expect((await call('GET', '/api/public/traces', basic(made.publicKey, made.secretKey))).status).toBe(401);
    await within(15_000, () => !acceptedThere(made));
    expect(Date.now() - revokedAt).toBeLessThan(15_000);
  });

  it('refuses the keys of a project deleted here, and no longer lets the admin name it', async () => {
    const doomed = (await call('POST', '/api/public/projects', bearer(), { name: 'deleted elsewhere' })).body as {
      id: string;
    };
    const k = (await call('POST', `/api/public/projects/${doomed.id}/apiKeys`, bearer(), {})).body as typeof key;
    await within(15_000, () => acceptedThere(k));
    await call('DELETE', `/api/public/projects/${doomed.id}`, bearer());
    await within(15_000, () => !acceptedThere(k));
    const named = other.authenticate({ authorization: `Bearer ${TEST_CREDENTIALS.bearerToken}`, project: doomed.id });
    expect(named).toEqual({ refused: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('with another pepper, refuses every stored key: the stored hash verifies under its own pepper only', async () => {
    const peppered = await openProjects({
      db: server.db,
      credentials: { ...TEST_CREDENTIALS, keyPepper: 'another-pepper-0123456789' },
      logger: createLogger('silent'),
    });
    try {
      expect('refused' in peppered.authenticate({ authorization: basicValue(key.publicKey, key.secretKey) })).toBe(
        true,
      );
      // The environment's pair is configuration, hashed under whatever pepper: still accepted.
      expect('principal' in peppered.authenticate({ authorization: basic().Authorization })).toBe(true);
    } finally {
      await peppered.close();
    }
    const stored = await (
      await server.db.writer.query({ query: `SELECT secret_hash FROM ${TABLES.apiKeys}`, format: 'JSONEachRow' })
    ).json<{ secret_hash: string }>();
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.secret_hash))).toBe(true);
  });
});
