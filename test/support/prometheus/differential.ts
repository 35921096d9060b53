import { expect } from 'vitest';
import type { PrometheusBesideService } from './beside-service.ts';
import { differentialDataSet, INTERVAL_MS, T0 } from './dataset.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody } from './remote-write-client.ts';

/** The service's test credentials, as the differential suites send them. */
export const AUTH = { Authorization: 'Bearer test-token' };

/** The range queries' grids: aligned, unaligned, at the scrape interval, and wider than the 5-minute lookback. */
export const DIFFERENTIAL_RANGES = [
  { name: 'aligned 60 s', start: T0 + 300_000, end: T0 + 3_300_000, step: '60' },
  { name: 'unaligned 37 s', start: T0 + 307_123, end: T0 + 3_550_000, step: '37' },
  { name: 'scrape step', start: T0, end: T0 + 3_600_000, step: String(INTERVAL_MS / 1000) },
  { name: '5 m buckets', start: T0, end: T0 + 3_300_000, step: '300' },
];

/** Prometheus' answer envelope, as far as the comparisons read it. */
export type PromBody = {
  status: string;
  data: { resultType: string; result: { metric: Record<string, string> }[] };
};

export async function getJson(base: string, path: string, params: Record<string, string>, headers = {}) {
  const res = await fetch(`${base}${path}?${new URLSearchParams(params)}`, { headers });
  return { status: res.status, body: (await res.json()) as PromBody };
}

/**
 * Sends the differential data set's remote-write bodies to Prometheus and the service (answered
 * once readable: the queries compare complete stores), a few series per request, as a sender
 * batches them.
 */
export async function loadDifferentialData({ prom, svc }: PrometheusBesideService): Promise<void> {
  const series = differentialDataSet();
  for (let i = 0; i < series.length; i += 5) {
    const body = remoteWriteBody(series.slice(i, i + 5));
    for (const [url, headers] of [
      [`${prom.url}/api/v1/write`, {}],
      [`${svc.baseUrl}/prometheus/api/v1/write`, { ...AUTH, 'Spanhouse-Wait': 'commit' }],
    ] as const) {
      const res = await fetch(url, { method: 'POST', body, headers: { ...REMOTE_WRITE_HEADERS, ...headers } });
      expect(res.status, `${url}: ${await res.text()}`).toBe(204);
    }
  }
}
