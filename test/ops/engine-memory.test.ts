import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// /metrics tells the embedded engine's memory apart from the JavaScript heap: what the engine
// tracks, and each of its caches.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('engine-memory');
});
afterAll(() => t?.close());

async function engineMemory(): Promise<Map<string, number>> {
  const res = await t.request('/metrics');
  expect(res.status).toBe(200);
  const parts = new Map<string, number>();
  for (const m of (await res.text()).matchAll(/^spanhouse_engine_memory_bytes\{part="([a-z_]+)"\} (\S+)$/gm)) {
    parts.set(m[1]!, Number(m[2]));
  }
  return parts;
}

it('reports what the engine tracks and each cache, by part', async () => {
  const parts = await engineMemory();
  for (const part of ['tracked', 'mark_cache', 'uncompressed_cache', 'primary_index_cache']) {
    expect(parts.get(part), part).toBeGreaterThanOrEqual(0);
  }
  expect(parts.get('tracked')).toBeGreaterThan(0);
  // Every figure is a share of the process's resident memory, not more.
  const res = await (await t.request('/metrics')).text();
  const rss = Number(/^process_resident_memory_bytes (\S+)$/m.exec(res)?.[1]);
  expect(Math.max(...parts.values())).toBeLessThan(rss);
});

it('shows a cache filling as traces are written and read', async () => {
  const before = (await engineMemory()).get('mark_cache')!;
  const traces = Array.from({ length: 60 }, (_, k) => ({
    id: `mem-${k}`,
    timestamp: new Date(Date.UTC(2026, 5, 1) + k * 1000).toISOString(),
    name: 'memory',
    input: { text: 'x'.repeat(200) },
  }));
  for (const trace of traces) expect((await t.post('/v1/l/batch', { trace })).status).toBe(200);
  for (const k of [1, 30, 59]) expect((await t.get(`/api/public/traces/mem-${k}`)).status).toBe(200);
  expect((await t.get('/api/public/traces?limit=50')).body.data.length).toBe(50);
  const parts = await engineMemory();
  expect(parts.get('mark_cache')).toBeGreaterThan(before);
});
