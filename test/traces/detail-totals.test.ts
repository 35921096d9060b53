import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// A trace's detail takes its latency and cost from the observations it returns; the list takes
// them from the trace row. Both must give the same values for every shape a trace can have.

let t: TestApp;
const at = (ms: number) => new Date(Date.UTC(2026, 5, 2, 9) + ms).toISOString();

type Obs = Record<string, unknown>;
const generation = (id: string, start: number, end: number | undefined, extra: Obs = {}): Obs => ({
  id,
  type: 'GENERATION',
  startTime: at(start),
  ...(end === undefined ? {} : { endTime: at(end) }),
  ...extra,
});

/** Each trace as batches sent in order, with the latency and cost it must end with. */
const TRACES: { id: string; batches: Obs[][]; latency: number; cost: number }[] = [
  { id: 'none', batches: [[]], latency: 0, cost: 0 },
  {
    id: 'provided',
    batches: [[generation('pr-1', 0, 1500, { costDetails: { input: 0.25, output: 0.5 } })]],
    latency: 1.5,
    cost: 0.75,
  },
  {
    // No cost sent: the model's prices times the usage, and a child that ends after its parent.
    id: 'priced',
    batches: [
      [
        generation('pc-1', 0, 2000, { model: 'gpt-4o', usageDetails: { input: 1000, output: 200 } }),
        generation('pc-2', 500, 2750, { model: 'gpt-4o-mini', usageDetails: { input: 300, output: 40 } }),
      ],
    ],
    latency: 2.75,
    cost: Number.NaN, // from the price table: checked against the list only
  },
  {
    // Never ended: its start counts as its end; the latest start is the trace's end.
    id: 'open',
    batches: [[generation('op-1', 0, undefined), generation('op-2', 4000, undefined, { costDetails: { total: 2 } })]],
    latency: 4,
    cost: 2,
  },
  {
    // Sent again later with a shorter end and another cost: the latest version counts, in pieces.
    id: 'updated',
    batches: [
      [generation('up-1', 0, 9000, { costDetails: { total: 9 } }), generation('up-2', 100, 300)],
      [generation('up-1', 0, 1200, { costDetails: { total: 0.5 } })],
    ],
    latency: 1.2,
    cost: 0.5,
  },
];

beforeAll(async () => {
  t = await createTestApp('detail_totals');
  for (const trace of TRACES) {
    for (const observations of trace.batches) {
      const res = await t.post('/v1/l/batch', { trace: { id: trace.id, timestamp: at(0) }, observations });
      expect(res.status).toBe(200);
    }
  }
});
afterAll(() => t?.close());

describe("a trace's detail and its list row", () => {
  it.each(TRACES.map((x) => [x.id, x]))('agree on latency and cost: %s', async (_, trace) => {
    const list = await t.get('/api/public/traces?limit=50');
    expect(list.status).toBe(200);
    const row = list.body.data.find((x: { id: string }) => x.id === trace.id);
    const detail = await t.get(`/api/public/traces/${trace.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.latency).toBeCloseTo(trace.latency, 9);
    expect(row.latency).toBeCloseTo(trace.latency, 9);
    expect(detail.body.totalCost).toBeCloseTo(row.totalCost, 12);
    if (!Number.isNaN(trace.cost)) expect(detail.body.totalCost).toBeCloseTo(trace.cost, 12);
    const observationCosts = detail.body.observations.reduce(
      (sum: number, o: { calculatedTotalCost: number | null }) => sum + (o.calculatedTotalCost ?? 0),
      0,
    );
    expect(detail.body.totalCost).toBeCloseTo(observationCosts, 12);
  });

  it('prices a generation without a sent cost by its model', async () => {
    const detail = await t.get('/api/public/traces/priced');
    expect(detail.body.totalCost).toBeGreaterThan(0);
  });
});
