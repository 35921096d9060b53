import { expect, it } from 'vitest';
import { describeBesidePrometheus } from '../support/prometheus/beside-service.ts';
import { T0 } from '../support/prometheus/dataset.ts';
import { AUTH, loadDifferentialData } from '../support/prometheus/differential.ts';

/*
 * Requests Grafana's Prometheus data source makes, and the refusals its users meet, sent to a real
 * Prometheus 2.42 and to the service with the same data: the answers (status and body) must be
 * the same.
 */

const startUp = { label: 'prom-grafana-reference', load: loadDifferentialData };

describeBesidePrometheus("Grafana's requests, answered as Prometheus answers them", startUp, (running) => {
  /** The same request to both, as Grafana sends it: a form POST, or a GET with the query string. */
  async function both(method: 'GET' | 'POST', path: string, params: Record<string, string | string[]>) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) form.append(k, x);
    const send = async (url: string, headers: Record<string, string>) => {
      const res =
        method === 'GET'
          ? await fetch(`${url}?${form}`, { headers })
          : await fetch(url, {
              method,
              body: form.toString(),
              headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
            });
      return { status: res.status, body: (await res.json()) as Answer };
    };
    return {
      want: await send(`${running.prom.url}/api/v1/${path}`, {}),
      got: await send(`${running.svc.baseUrl}/prometheus/api/v1/${path}`, AUTH),
    };
  }

  it("the data source's exemplar check, whose start and end are milliseconds: no exemplars, no error", async () => {
    // Grafana asks this once per data source (`areExemplarsAvailable`), with
    // dateTime().valueOf() times; Prometheus reads them as seconds, tens of millennia ahead.
    const end = Date.now();
    const { want, got } = await both('GET', 'query_exemplars', {
      query: 'test',
      start: String(end - 1_800_000),
      end: String(end),
    });
    expect(want).toEqual({ status: 200, body: { status: 'success', data: [] } });
    expect(got).toEqual(want);
  });

  it('exemplars over a range that ends before it starts are refused, before the query is read', async () => {
    for (const query of ['dg_cpu', 'sum(']) {
      const { want, got } = await both('GET', 'query_exemplars', {
        query,
        start: String(T0 / 1000 + 3600),
        end: String(T0 / 1000),
      });
      expect(want.status).toBe(400);
      expect(got, query).toEqual(want);
    }
  });

  it("metadata ranges past the stored times and Prometheus' own minimum and maximum times", async () => {
    const ranges = [
      { start: '-292273086-05-16T16:47:06Z', end: '292277025-08-18T07:12:54.999999999Z' },
      { start: String(T0), end: String(T0 + 3_600_000) },
      { start: '-1e300', end: String(T0 / 1000 + 3600) },
    ];
    for (const range of ranges) {
      for (const [path, params] of [
        ['series', { 'match[]': 'dg_cpu{host="h0"}' }],
        ['labels', { 'match[]': 'dg_requests_total' }],
        ['label/host/values', { 'match[]': 'dg_cpu' }],
      ] as const) {
        const { want, got } = await both('GET', path, { ...params, ...range });
        expect(want.status).toBe(200);
        expect(got, `${path} ${JSON.stringify(range)}`).toEqual(want);
      }
    }
  });

  it('times and steps in the forms Go reads, and those it refuses', async () => {
    const times = [
      '2026-01-01T00:30:00,5Z',
      '2026-01-01T00:30:00.123456789Z',
      '2026-01-01T00:30:00.1234567891Z',
      '2026-02-30T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:59:00+25:00',
      '1_767_227_400',
      ' 1767227400',
      '1767227400 ',
      '0x6965C5C8',
      '0x1p30',
    ];
    for (const time of times) {
      const { want, got } = await both('POST', 'query', { query: 'time()', time });
      expect(got, time).toEqual(want);
    }
    for (const step of ['1_5', ' 15', '0x1p4', '15.']) {
      const params = { query: 'time()', start: String(T0 / 1000), end: String(T0 / 1000 + 60), step };
      const { want, got } = await both('POST', 'query_range', params);
      expect(got, step).toEqual(want);
    }
  });

  it('a multi-value variable with "All" of 60,000 values, as Grafana escapes and joins them', async () => {
    // Grafana writes each value regex-escaped, joined by `|`: here 2.5 MB of pattern, past RE2's
    // memory bound; Prometheus' Go regexp takes it.
    const values = Array.from({ length: 60_000 }, (_, i) => `pod-${i}\\\\.svc\\\\.cluster\\\\.local`);
    const all = [...values, 'h1', 'h2'].join('|');
    const t = String(T0 / 1000 + 1800);
    for (const query of [
      `sum by (host) (dg_cpu{host=~"${all}"})`,
      `count(dg_cpu{host!~"${all}"})`,
      `dg_cpu{host=~"${all}", region=~"r0|r9"}`,
    ]) {
      const { want, got } = await both('POST', 'query', { query, time: t });
      expect(want.status, JSON.stringify(want.body).slice(0, 300)).toBe(200);
      expect(sortedVector(got), query.slice(0, 40)).toEqual(sortedVector(want));
    }
    const range = { start: String(T0 / 1000), end: String(T0 / 1000 + 3600) };
    const { want, got } = await both('POST', 'series', { 'match[]': `{__name__="dg_cpu", host=~"${all}"}`, ...range });
    expect(got).toEqual(want);
    expect(want.body.data).toHaveLength(4);
  }, 60_000);

  it("match[] of a variable or a label browser that is no selector, or matches everything: Prometheus' refusals", async () => {
    const matches = [
      '{host=""}',
      '{host=~".*"}',
      '{__name__=~".*", host!~".+"}',
      'sum(dg_cpu)',
      'rate(dg_cpu[5m])',
      'dg_cpu[5m]',
      'dg_cpu offset 5m',
      'dg_cpu{host="h0"} + 1',
      '(dg_cpu)',
      'inf',
      'on',
      '',
    ];
    for (const match of matches) {
      // Label values are asked for by GET only (Prometheus has no POST for them).
      for (const [method, path] of [
        ['POST', 'series'],
        ['POST', 'labels'],
        ['GET', 'label/host/values'],
      ] as const) {
        const { want, got } = await both(method, path, { 'match[]': ['dg_cpu', match] });
        expect(want.status, `${path} ${match}`).toBe(400);
        expect(got, `${path} ${match}`).toEqual(want);
      }
    }
  });

  it("queries Grafana's editor sends half-typed: Prometheus' parse errors, with what its grammar expected", async () => {
    const queries = [
      'sum(',
      'sum(rate(dg_cpu[5m])',
      'rate(dg_cpu[5m]',
      'dg_cpu{host="h0"',
      'dg_cpu{',
      ')',
      'sum(dg_cpu))',
      'dg_cpu[5m',
      'x}',
      'x]',
      'sum by (host) (dg_cpu) by (region)',
      'sum(dg_cpu) keep_common',
      'rate(dg_cpu[5m],)',
      'dg_cpu{host}',
      'dg_cpu{host=}',
      'dg_cpu{host="h0" region}',
      'dg_cpu{,}',
      'dg_cpu{host=~1}',
      'dg_cpu offset',
      'dg_cpu offset foo',
      'dg_cpu @',
      'sum by (host)',
      'sum by host (dg_cpu)',
      'sum by (host region) (dg_cpu)',
      'sum by (,) (dg_cpu)',
      'dg_cpu + on(host) group_left',
      'dg_cpu > bool dg_cpu[5m]',
      '-dg_cpu[5m]',
      'sum(dg_cpu)[5m]',
      'dg_cpu offset 1m [5m]',
      '1 > 2',
      'dg_cpu and bool dg_cpu',
      'dg_cpu + on(host) group_left(host) dg_cpu',
      'dg_cpu{host!}',
      'dg_cpu !',
      '`raw',
      '# only a comment',
      '$job',
      'dg_cpu @ 1e20',
      'dg_cpu @ -inf',
      'topk(1e20, dg_cpu)',
      'topk(-9.3e18, dg_cpu)',
    ];
    for (const query of queries) {
      const { want, got } = await both('POST', 'query', { query, time: String(T0 / 1000 + 1800) });
      expect(want.status, query).toBeGreaterThanOrEqual(400);
      expect(got, query).toEqual(want);
    }
  });
});

/** Prometheus' answer envelope, as far as these tests read it. */
type Answer = { status: string; data?: unknown; errorType?: string; error?: string };

/** A vector answer with its series in label order (Prometheus leaves an instant vector's order to its storage). */
function sortedVector(answer: { status: number; body: Answer }) {
  const data = answer.body.data as { result?: { metric: object }[] } | undefined;
  if (!Array.isArray(data?.result)) return answer;
  const result = [...data.result].sort((a, b) => (JSON.stringify(a.metric) < JSON.stringify(b.metric) ? -1 : 1));
  return { ...answer, body: { ...answer.body, data: { ...data, result } } };
}
