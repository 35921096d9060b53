import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { LangfuseClient } from '@langfuse/client';
import { openTestDb } from '@spanhouse/db/testing';
import { ENGINE_RETRY_AFTER_S } from '@spanhouse/http';
import { ErrorBody, parse } from '@spanhouse/schema';
import { type AllInOne, createAllInOne } from '@spanhouse/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, TEST_CREDENTIALS, testConfig, WAIT_FOR_COMMIT } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { type EngineThatGoesAway, engineThatGoesAway, type Outage } from '../support/unreachable-engine.ts';

/*
 * The ClickHouse server goes away after the service started (server mode): every request that
 * needs an answer from the engine is refused with 503, Retry-After and the error body, so clients
 * and load balancers retry later instead of reading a 500 as a fault of the service; the ingest
 * writes that need no read go on into the ingest log and are acknowledged as before.
 */
let live: Awaited<ReturnType<typeof openTestDb>>;
let engine: EngineThatGoesAway;
let service: AllInOne;
const TRACE = 'outage-trace';
const QUERY_TIMEOUT_MS = 2_000;
const keys = { publicKey: TEST_CREDENTIALS.publicKey, secretKey: TEST_CREDENTIALS.secretKey };
let configId: string;

const request = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  service.app.request(path, { ...init, headers: { ...bearer(), ...init.headers } });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...headers },
  });

let n = 0;
const ev = (type: string, body: Record<string, unknown>) => ({
  id: `ev-${++n}`,
  type,
  timestamp: new Date(Date.UTC(2026, 2, 1, 10, 0, n)).toISOString(),
  body,
});

beforeAll(async () => {
  live = await openTestDb('engine_unreachable');
  engine = await engineThatGoesAway(live);
  // A deletion by user first waits for the user's acknowledged traces, which wait in the log
  // while ClickHouse is gone: not for the default 15 s.
  // A hung ClickHouse is given up on past the reads' bound: a short one, so the test waits seconds.
  const { config, logger } = testConfig(live.dataDir, {
    INGEST_COMMIT_TIMEOUT_MS: '1000',
    QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
  });
  service = await createAllInOne({ config, logger, credentials: TEST_CREDENTIALS, db: engine.db });
  // What the ingest-side reads look up: an observation created earlier, a score config.
  const created = await post(
    '/api/public/ingestion',
    {
      batch: [
        ev('trace-create', { id: TRACE, name: 'before the outage' }),
        ev('generation-create', { id: 'outage-gen', traceId: TRACE, model: 'gpt-4o' }),
      ],
    },
    WAIT_FOR_COMMIT,
  );
  expect(created.status).toBe(207);
  const config_ = await post('/api/public/score-configs', { name: 'grade', dataType: 'NUMERIC', minValue: 0 });
  expect(config_.status).toBe(200);
  configId = ((await config_.json()) as { id: string }).id;
});

afterAll(async () => {
  engine?.restore();
  await service?.ingest.log.close(5_000);
  await service?.projects.close();
  await engine?.close();
  await live?.close();
});

/** A 503 with Retry-After and the error body, saying the engine cannot be reached unless `why` says otherwise. */
async function expectEngineUnavailable(res: Response, why = /ClickHouse.*cannot be reached/) {
  const text = await res.text();
  expect({ status: res.status, body: text }).toMatchObject({ status: 503 });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  const body = parse(ErrorBody, JSON.parse(text));
  expect(body.code).toBe('SERVICE_UNAVAILABLE');
  expect(body.message).toMatch(why);
}

async function expectEngineUnavailableReadiness(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).not.toBeNull();
  expect(parse(ErrorBody, await res.json()).code).toBe('SERVICE_UNAVAILABLE');
}

describe.each<Outage>(['connection refused', 'connection reset'])('ClickHouse gone (%s)', (outage) => {
  beforeAll(() => engine.cut(outage));
  afterAll(() => engine.restore());

  it('refuses the query API reads with 503 and Retry-After', async () => {
    await expectEngineUnavailable(await request('/api/public/traces'));
    await expectEngineUnavailable(await request(`/api/public/traces/${TRACE}`));
    await expectEngineUnavailable(await request('/api/public/metrics/query?name=cpu'));
    await expectEngineUnavailable(await request('/api/public/metrics/daily'));
    await expectEngineUnavailable(await request('/api/public/v2/scores'));
    await expectEngineUnavailable(await request('/api/public/observations'));
    await expectEngineUnavailable(await request('/api/public/sessions'));
  });

  it("refuses the Prometheus API's reads with 503 and Retry-After, in Prometheus' error envelope", async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const path of [
      '/prometheus/api/v1/query?query=up',
      `/prometheus/api/v1/query_range?query=up&start=${now - 600}&end=${now}&step=60`,
      '/prometheus/api/v1/labels',
      '/prometheus/api/v1/label/__name__/values',
      '/prometheus/api/v1/series?match[]=up',
    ]) {
      const res = await request(path);
      const body = await res.json();
      expect({ path, status: res.status, body }).toMatchObject({
        path,
        status: 503,
        body: {
          status: 'error',
          errorType: 'unavailable',
          error: expect.stringMatching(/ClickHouse.*cannot be reached/),
        },
      });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('refuses the ingest requests that read on their way in with 503 and Retry-After', async () => {
    // An update that names no trace looks its observation's trace up.
    await expectEngineUnavailable(
      await post('/api/public/ingestion', { batch: [ev('generation-update', { id: 'outage-gen', output: 'late' })] }),
    );
    // A score that names a config reads it.
    await expectEngineUnavailable(
      await post('/api/public/scores', { traceId: TRACE, name: 'grade', value: 3, configId }),
    );
    await expectEngineUnavailable(
      await post('/api/public/ingestion', {
        batch: [ev('score-create', { id: 'outage-score', traceId: TRACE, name: 'grade', value: 3, configId })],
      }),
    );
    // A deletion of a score reads the score it deletes.
    await expectEngineUnavailable(await request('/api/public/scores/nothing', { method: 'DELETE' }));
    // A deletion by user reads the user's traces, once those acknowledged before are committed:
    // with some waiting in the log, that wait is what times out.
    await expectEngineUnavailable(
      await request('/api/public/traces', {
        method: 'DELETE',
        body: JSON.stringify({ userId: 'someone' }),
        headers: { 'Content-Type': 'application/json' },
      }),
      /ClickHouse.*cannot be reached|not committed to ClickHouse/,
    );
  });

  it('reports not ready', async () => {
    await expectEngineUnavailableReadiness(await request('/readyz'));
  });

  it('acknowledges the writes that read nothing on their way in: the ingest log keeps them', async () => {
    const batch = await post('/v1/l/batch', {
      trace: { id: `written-while-${outage.replace(' ', '-')}`, timestamp: '2026-03-01T10:00:00Z', name: 'outage' },
      observations: [{ id: `obs-while-${outage.replace(' ', '-')}`, startTime: '2026-03-01T10:00:00Z' }],
    });
    expect(batch.status).toBe(200);
    // A usage without its model looks the stored model up, and prices by input and output alone
    // when it cannot: the update is acknowledged, not refused.
    const usage = await post('/api/public/ingestion', {
      batch: [ev('generation-update', { id: 'outage-gen', traceId: TRACE, usageDetails: { input: 10, output: 5 } })],
    });
    expect(usage.status).toBe(207);
    expect(await usage.json()).toMatchObject({ errors: [] });
  });
});

describe('the Langfuse SDK during a short outage', () => {
  let server: ServerType;
  let baseUrl: string;
  const asked: number[] = [];
  beforeAll(async () => {
    server = serve({
      fetch: (req: Request) => {
        if (new URL(req.url).pathname.startsWith(`/api/public/traces/`)) asked.push(Date.now());
        return service.app.fetch(req);
      },
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('waits as Retry-After says, asks again and gets its trace once ClickHouse is back', async () => {
    const client = new LangfuseClient({ ...keys, baseUrl });
    await engine.cut('connection refused');
    const reading = client.api.trace.get(TRACE);
    await eventually(async () => expect(asked).toHaveLength(1));
    engine.restore();
    const trace = await reading;
    expect(trace.id).toBe(TRACE);
    expect(asked).toHaveLength(2);
    expect(asked[1]! - asked[0]!).toBeGreaterThanOrEqual(ENGINE_RETRY_AFTER_S * 1000);
  });
});

describe('ClickHouse back', () => {
  it('answers the reads again, with what was acknowledged during the outage', async () => {
    expect((await request('/readyz')).status).toBe(200);
    await eventually(async () => {
      const res = await request('/api/public/traces?name=outage');
      expect(res.status).toBe(200);
      const ids = ((await res.json()) as { data: { id: string }[] }).data.map((t) => t.id).sort();
      expect(ids).toEqual(['written-while-connection-refused', 'written-while-connection-reset']);
    }, 30_000);
    const trace = await request(`/api/public/traces/${TRACE}`);
    expect(trace.status).toBe(200);
    expect(await trace.json()).toMatchObject({ observations: [{ id: 'outage-gen', usage: { input: 10, output: 5 } }] });
  });
});

// Last: an insert the ingest log's writer sends to the hung server waits for the client's own
// request timeout (a minute) before it is sent again.
describe('ClickHouse hung: it takes connections and never answers', () => {
  beforeAll(() => engine.cut('no answer'));
  afterAll(() => engine.restore());

  it('answers a bounded read 503 soon after its bound (QUERY_TIMEOUT_MS), not after the client gives up', async () => {
    const started = Date.now();
    const [list, trace] = await Promise.all([request('/api/public/traces'), request(`/api/public/traces/${TRACE}`)]);
    const waited = Date.now() - started;
    await expectEngineUnavailable(list);
    await expectEngineUnavailable(trace);
    expect(waited).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS);
    expect(waited).toBeLessThan(QUERY_TIMEOUT_MS + 10_000);
  });
});
