import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, WAIT_FOR_COMMIT } from '../support/app.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/* Large JSON answers are gzipped for a client that accepts it, over a real HTTP connection (decision 0089). */

let server: TestServer;
const T = Date.UTC(2026, 2, 1);
beforeAll(async () => {
  server = await startTestServer('compression');
  // 20 series x 240 points: a query_range answer of tens of KB, as a Grafana panel's.
  const body = remoteWriteBody(
    Array.from({ length: 20 }, (_, i) => ({
      labels: { __name__: 'gz_cpu', instance: `host-${i}:9100`, job: 'node' },
      samples: Array.from({ length: 240 }, (_, j) => [T + j * 15_000, (i * 240 + j) / 7] as [number, number]),
    })),
  );
  const res = await fetch(`${server.baseUrl}/prometheus/api/v1/write`, {
    method: 'POST',
    body,
    headers: { ...bearer(), ...WAIT_FOR_COMMIT, ...REMOTE_WRITE_HEADERS },
  });
  expect(res.status).toBe(204);
});
afterAll(() => server?.close());

/** A GET over node's http client, which leaves the body as sent (fetch would inflate it). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request(`${server.baseUrl}${path}`, { headers: { ...bearer(), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const range = `/prometheus/api/v1/query_range?${new URLSearchParams({
  query: 'gz_cpu',
  start: String(T / 1000),
  end: String(T / 1000 + 3585),
  step: '15',
})}`;

describe('gzip of JSON answers', () => {
  it('a large query_range answer is gzipped for Accept-Encoding: gzip, the same JSON once inflated', async () => {
    const plain = await get(range);
    const zipped = await get(range, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(50_000);
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    const inflated = JSON.parse(gunzipSync(zipped.body).toString());
    expect(inflated).toEqual(JSON.parse(plain.body.toString()));
    expect(inflated.data.result).toHaveLength(20);
  });

  it('a small answer, or gzip refused with q=0, stays plain JSON', async () => {
    const small = await get('/prometheus/api/v1/status/buildinfo', { 'Accept-Encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Accept-Encoding');
    expect(JSON.parse(small.body.toString()).data.version).toBe('2.42.0');
    const refused = await get(range, { 'Accept-Encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString()).data.result).toHaveLength(20);
  });

  it('the Langfuse-compatible /api/public reads are gzipped too when large', async () => {
    const names = await get('/api/public/metrics/query?name=gz_cpu&from=2026-03-01T00:00:00Z&to=2026-03-01T01:00:00Z', {
      'Accept-Encoding': 'gzip',
    });
    expect(names.status).toBe(200);
    expect(names.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(names.body).toString()).data.length).toBeGreaterThan(0);
  });
});
