import { DailyResponse, TraceDetail, TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * The trace fields, `fields` and `orderBy` of Langfuse's trace reads, and cost sums as Langfuse's
 * decimal sums show them (no binary noise), through the public API.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('langfuse-trace-fields');
  for (const [id, name, minute] of [
    ['t-b', 'beta', 1],
    ['t-a', 'alpha', 2],
    ['t-c', 'gamma', 3],
  ] as const) {
    const at = `2026-03-01T10:0${minute}:00.000Z`;
    const res = await t.post('/v1/l/batch', {
      trace: { id, timestamp: at, name, input: { q: id }, metadata: { k: id } },
      observations: [
        // 0.1 + 0.2 is 0.30000000000000004 in binary floating point.
        { id: `${id}-1`, startTime: at, endTime: at, costDetails: { total: 0.1 } },
        { id: `${id}-2`, startTime: at, endTime: at, costDetails: { total: 0.2 } },
        { id: `${id}-3`, startTime: at, costDetails: { input: 0.1, output: 0.2 } },
      ],
    });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t?.close());

const list = async (query: string) => {
  const res = await t.get(`/api/public/traces?${query}`);
  expect(res.status).toBe(200);
  return v.parse(TraceListResponse, res.body).data;
};

describe("Langfuse's trace fields", () => {
  it('the list and the single trace carry projectId, htmlPath, bookmarked and externalId', async () => {
    const [item] = await list('name=alpha');
    expect(item).toMatchObject({
      id: 't-a',
      projectId: 'spanhouse',
      htmlPath: '/project/spanhouse/traces/t-a',
      bookmarked: false,
      externalId: null,
    });
    const one = await t.get('/api/public/traces/t-a');
    expect(v.parse(TraceDetail, one.body)).toMatchObject({
      projectId: 'spanhouse',
      htmlPath: '/project/spanhouse/traces/t-a',
      bookmarked: false,
      externalId: null,
    });
  });

  it("htmlPath leads to the web UI's page of the trace in its project", async () => {
    const res = await t.request('/project/spanhouse/traces/t-a', {});
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/traces/t-a?project=spanhouse');
    const odd = await t.request(`/project/spanhouse/traces/${encodeURIComponent('a b/c')}`, {});
    expect(odd.headers.get('location')).toBe('/traces/a%20b%2Fc?project=spanhouse');
  });
});

describe('fields', () => {
  it('ignores unknown group names, as Langfuse does', async () => {
    const [item] = await list('name=alpha&fields=io,nonsense');
    expect(item).toMatchObject({ input: { q: 't-a' }, latency: -1, totalCost: -1, observations: [] });
  });

  it('reads every group when fields is empty or names no known group', async () => {
    for (const fields of ['', 'nonsense']) {
      const [item] = await list(`name=alpha&fields=${fields}`);
      expect(item).toMatchObject({
        input: { q: 't-a' },
        latency: 0,
        totalCost: 0.6,
        observations: ['t-a-1', 't-a-2', 't-a-3'],
      });
    }
  });

  it('the single trace honours fields with the placeholders of the list', async () => {
    const core = await t.get('/api/public/traces/t-a?fields=core');
    expect(core.status).toBe(200);
    expect(v.parse(TraceDetail, core.body)).toMatchObject({
      id: 't-a',
      name: 'alpha',
      input: null,
      output: null,
      metadata: {},
      latency: -1,
      totalCost: -1,
      observations: [],
      scores: [],
    });
    const metrics = await t.get('/api/public/traces/t-a?fields=metrics,nonsense');
    expect(metrics.body).toMatchObject({ input: null, latency: 0, totalCost: 0.6, observations: [] });
    const all = await t.get('/api/public/traces/t-a?fields=');
    expect(all.body).toMatchObject({ input: { q: 't-a' }, metadata: { k: 't-a' }, totalCost: 0.6 });
    expect(all.body.observations).toHaveLength(3);
  });
});

describe('orderBy', () => {
  it('orders by id', async () => {
    expect((await list('orderBy=id.asc')).map((x) => x.id)).toEqual(['t-a', 't-b', 't-c']);
    expect((await list('orderBy=id.desc')).map((x) => x.id)).toEqual(['t-c', 't-b', 't-a']);
    expect((await list('orderBy=id.desc&limit=1&page=2')).map((x) => x.id)).toEqual(['t-b']);
  });

  it('refuses public and bookmarked with a 400 that names the field', async () => {
    for (const field of ['public', 'bookmarked']) {
      const res = await t.get(`/api/public/traces?orderBy=${field}.asc`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.message).toContain(field);
    }
  });
});

describe('cost sums', () => {
  it('show the decimal sum, without binary noise, on traces, observations and the daily metrics', async () => {
    const [item] = await list('name=alpha');
    expect(item!.totalCost).toBe(0.6);
    const one = v.parse(TraceDetail, (await t.get('/api/public/traces/t-a')).body);
    expect(one.totalCost).toBe(0.6);
    const second = one.observations.find((o) => o.id === 't-a-3')!;
    expect(second.calculatedTotalCost).toBe(0.3);
    expect(second.totalCost).toBe(0.3);
    expect(second.costDetails).toEqual({ input: 0.1, output: 0.2, total: 0.3 });
    const daily = v.parse(DailyResponse, (await t.get('/api/public/metrics/daily')).body);
    expect(daily.data[0]!.totalCost).toBe(1.8);
    expect(daily.data[0]!.usage[0]!.totalCost).toBe(1.8);
  });
});

describe('v1 observations', () => {
  it("carry projectId and Langfuse's pricing tier fields; an observation without an end has no latency", async () => {
    const res = await t.get('/api/public/observations?traceId=t-a');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.data.map((o: { id: string }) => [o.id, o]));
    expect(byId['t-a-1']).toMatchObject({
      projectId: 'spanhouse',
      latency: 0,
      usagePricingTierName: null,
      usagePricingTierId: null,
    });
    expect(byId['t-a-3']).toMatchObject({ projectId: 'spanhouse', endTime: null, latency: null });
    const one = await t.get('/api/public/observations/t-a-3');
    expect(one.body).toMatchObject({ projectId: 'spanhouse', latency: null, usagePricingTierId: null });
    const inTrace = v.parse(TraceDetail, (await t.get('/api/public/traces/t-a')).body);
    expect(inTrace.observations.find((o) => o.id === 't-a-3')).toMatchObject({ projectId: 'spanhouse', latency: null });
  });
});
