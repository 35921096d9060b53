import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { CREDENTIALS_ENV, launch, type Service, stop, tempDir } from '../support/service-process.ts';

/*
 * A deletion is durable like a write: answered once its tombstone is in the ingest log on disk,
 * it survives kill -9 before the background writer has moved it into ClickHouse, and the trace is
 * gone once the restarted service replays the log. The flush interval is long (30 s), so the
 * tombstone is still only in the log when the process is killed; the trace being readable just
 * before the kill proves it.
 */

const dataDir = tempDir('deletion-durable');
const env = { DATA_DIR: dataDir, INGEST_FLUSH_INTERVAL_MS: '30000' };
const auth = { Authorization: `Bearer ${CREDENTIALS_ENV.API_BEARER_TOKEN}`, 'Content-Type': 'application/json' };
let service: Service | undefined;

afterAll(async () => {
  if (service) await stop(service);
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${service!.base}${path}`, {
    method,
    headers: { ...auth, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

it('survives kill -9 between the answer and the insert of its tombstone', { timeout: 120_000 }, async () => {
  service = await launch(env);
  const commit = { 'Spanhouse-Wait': 'commit' };
  const trace = { trace: { id: 'durable-1', timestamp: new Date().toISOString(), name: 'kept until deleted' } };
  expect((await call('POST', '/v1/l/batch', trace, commit)).status).toBe(200);
  // The first insert of a table goes at once; the next waits for the interval.
  expect((await call('DELETE', '/api/public/traces/warm-up', undefined, commit)).status).toBe(200);

  const answer = await call('DELETE', '/api/public/traces/durable-1');
  expect(answer.status).toBe(200);
  await sleep(200);
  expect((await call('GET', '/api/public/traces/durable-1')).status).toBe(200);
  service.child.kill('SIGKILL');
  expect((await service.exited).signal).toBe('SIGKILL');

  service = await launch(env);
  const start = Date.now();
  let status = 200;
  while (status !== 404 && Date.now() - start < 20_000) {
    status = (await call('GET', '/api/public/traces/durable-1')).status;
    if (status !== 404) await sleep(100);
  }
  expect(status).toBe(404);
});
