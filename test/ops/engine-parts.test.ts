import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// /metrics shows the embedded engine's storage layout per table: its active parts, their rows
// (a trace written in pieces counted once per part until they merge) and the merges running.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('engine-parts');
});
afterAll(() => t?.close());

type Layout = Map<string, { parts: number; rows: number; merges: number }>;

async function layout(): Promise<Layout> {
  const res = await t.request('/metrics');
  expect(res.status).toBe(200);
  const text = await res.text();
  const tables: Layout = new Map();
  const metric = (name: string, key: 'parts' | 'rows' | 'merges') => {
    for (const m of text.matchAll(new RegExp(`^${name}\\{table="([a-z0-9_]+)"\\} (\\S+)$`, 'gm'))) {
      const entry = tables.get(m[1]!) ?? { parts: Number.NaN, rows: Number.NaN, merges: Number.NaN };
      entry[key] = Number(m[2]);
      tables.set(m[1]!, entry);
    }
  };
  metric('spanhouse_engine_table_parts', 'parts');
  metric('spanhouse_engine_table_rows', 'rows');
  metric('spanhouse_engine_merges_running', 'merges');
  return tables;
}

it('reports every table of the store, empty ones as 0', async () => {
  const tables = await layout();
  expect([...tables.keys()]).toEqual(expect.arrayContaining(['traces_v2', 'observation_pieces_v2', 'trace_search_v3']));
  for (const [name, v] of tables) {
    expect(Number.isInteger(v.parts) && v.parts >= 0, name).toBe(true);
    expect(Number.isInteger(v.rows) && v.rows >= 0, name).toBe(true);
    expect(Number.isInteger(v.merges) && v.merges >= 0, name).toBe(true);
  }
});

it('counts a part per insert and a trace once per part until its parts merge', async () => {
  // No background merge folds the two parts before they are counted.
  await t.db.writer.command({ query: 'SYSTEM STOP MERGES traces_v2' });
  const before = (await layout()).get('traces_v2')!;
  // Two pieces of one trace in two requests, each waiting for its commit: two inserts, two parts.
  const piece = (name: string) => ({ id: 'parts-1', timestamp: '2026-06-01T00:00:00Z', name });
  for (const name of ['first', 'second']) {
    const res = await t.post('/v1/l/batch?wait=commit', { trace: piece(name) });
    expect(res.status).toBe(200);
  }
  const written = (await layout()).get('traces_v2')!;
  expect(written.parts - before.parts).toBe(2);
  expect(written.rows - before.rows).toBe(2);

  await t.db.writer.command({ query: 'SYSTEM START MERGES traces_v2' });
  await t.db.writer.command({ query: 'OPTIMIZE TABLE traces_v2 FINAL' });
  const merged = (await layout()).get('traces_v2')!;
  expect(merged.parts).toBe(1);
  expect(merged.rows).toBe(before.rows + 1);
});
