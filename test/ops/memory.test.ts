import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { AUTH, launch, type Service, stop, tempDir } from '../support/service-process.ts';

// Memory under hostile but valid input: every cache and buffer is bounded in bytes, and a query's
// memory by what it returns. The service runs as a child process so its resident set can be read;
// RSS is sampled every 50 ms and must stay under 1 GiB throughout.
const RSS_CEILING = 1024 * 1024 * 1024;
let service: Service;
let peak = 0;
let sampling = true;
let sampler: Promise<void>;

beforeAll(async () => {
  service = await launch({ DATA_DIR: tempDir('memory') });
  sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, service.rssBytes());
      await sleep(50);
    }
  })();
});
// Each test judges its own peak.
beforeEach(() => {
  peak = service.rssBytes();
});
afterAll(async () => {
  sampling = false;
  await sampler;
  await stop(service);
});

const mib = (b: number) => Math.round(b / 1048576);
const post = (path: string, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${service.base}${path}`, {
    method: 'POST',
    body,
    headers: { ...AUTH, 'Content-Type': 'application/json', 'Spanhouse-Wait': 'commit', ...headers },
  });

it('takes 3,900 series of 64 labels of 1,000 characters (26 batches) and answers their queries within 1 GiB', {
  timeout: 300_000,
}, async () => {
  const before = peak;
  const label = (s: number, k: number) => `${s}-${k}-${'x'.repeat(1000 - String(s).length - String(k).length - 2)}`;
  for (let b = 0; b < 26; b++) {
    const points = Array.from({ length: 150 }, (_, i) => {
      const s = b * 150 + i;
      const labels: Record<string, string> = { group: `g${s % 7}` };
      for (let k = 0; k < 63; k++) labels[`label_${k}`] = label(s, k);
      return { name: 'wide_labels', labels, value: s, timestamp: '2026-04-01T00:00:00Z' };
    });
    const res = await post('/v1/metrics/batch', JSON.stringify({ metrics: points }));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
  const afterIngest = service.rssBytes();
  const ingestPeak = peak;
  console.log(
    `large label sets: after ingest RSS ${mib(afterIngest)} MiB, peak while ingesting ${mib(ingestPeak)} MiB`,
  );
  const q = new URLSearchParams({
    name: 'wide_labels',
    labels: JSON.stringify({ group: 'g3' }),
    from: '2026-04-01T00:00:00Z',
    to: '2026-04-01T01:00:00Z',
    step: '1h',
    agg: 'sum',
    group_by: 'group',
  });
  const res = await fetch(`${service.base}/api/public/metrics/query?${q}`, { headers: AUTH });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { labels: Record<string, string>; values: { value: number }[] }[] };
  // Series s is in group g(s % 7): the sum of every s below 3,900 with s % 7 = 3.
  let expected = 0;
  for (let s = 3; s < 3900; s += 7) expected += s;
  expect(body.data).toEqual([{ labels: { group: 'g3' }, values: [expect.objectContaining({ value: expected })] }]);
  const full = await fetch(
    `${service.base}/api/public/metrics/query?${new URLSearchParams({ name: 'wide_labels', from: '2026-04-01T00:00:00Z', to: '2026-04-01T01:00:00Z', step: '1h' })}`,
    { headers: AUTH },
  );
  const fullBody = (await full.json()) as { data: unknown[]; meta: { truncated: boolean } };
  expect(fullBody.data).toHaveLength(50);
  expect(fullBody.meta.truncated).toBe(true);
  expect(peak).toBeLessThan(RSS_CEILING);
  console.log(
    `large label sets: 3,900 series x 64 labels of ~1,000 characters: RSS before ${mib(before)} MiB, ` +
      `after ingest ${mib(afterIngest)} MiB, peak ${mib(peak)} MiB (queries included)`,
  );
});

it('takes a burst of 100,000 new series within 1 GiB', { timeout: 300_000 }, async () => {
  for (let b = 0; b < 10; b++) {
    const points = Array.from({ length: 10_000 }, (_, i) => ({
      name: 'burst',
      labels: { id: `s${b * 10_000 + i}`, zone: `z${i % 10}` },
      value: 1,
      timestamp: '2026-04-01T00:00:00Z',
    }));
    const res = await post('/v1/metrics/batch', JSON.stringify({ metrics: points }));
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }
  const q = new URLSearchParams({
    name: 'burst',
    from: '2026-04-01T00:00:00Z',
    to: '2026-04-01T01:00:00Z',
    step: '1h',
    agg: 'sum',
    group_by: 'zone',
  });
  const body = (await (await fetch(`${service.base}/api/public/metrics/query?${q}`, { headers: AUTH })).json()) as {
    data: { values: { value: number }[] }[];
  };
  expect(body.data.map((s) => s.values[0]!.value)).toEqual(Array(10).fill(10_000));
  expect(peak).toBeLessThan(RSS_CEILING);
  console.log(`cardinality burst: 100,000 series; RSS peak ${mib(peak)} MiB`);
});

it('refuses 16 concurrent gzip bombs (1 GiB each when inflated) with 413 or 429, within 1 GiB', {
  timeout: 120_000,
}, async () => {
  const bomb = gzipSync(Buffer.alloc(1024 * 1024 * 1024), { level: 9 });
  const statuses = await Promise.all(
    Array.from({ length: 16 }, async (_, i) => {
      const path = ['/api/public/otel/v1/traces', '/v1/metrics/batch', '/v1/l/batch'][i % 3]!;
      const res = await post(path, bomb, { 'Content-Encoding': 'gzip', 'Spanhouse-Wait': 'durable' });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  for (const s of statuses) expect([413, 429]).toContain(s);
  expect(peak).toBeLessThan(RSS_CEILING);
  // Still serving afterwards.
  expect((await fetch(`${service.base}/readyz`)).status).toBe(200);
  console.log(
    `gzip bombs: ${bomb.length} bytes each, 16 at once: ${JSON.stringify(statuses)}; RSS peak ${mib(peak)} MiB`,
  );
});
