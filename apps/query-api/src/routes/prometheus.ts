import { isReadTimeout } from '@spanhouse/db';
import { type Endpoint, projectOf } from '@spanhouse/http';
import { type Context, Hono } from 'hono';
import type { QueryDeps } from '../deps.ts';
import { resultCachesApply } from '../lifecycle.ts';
import type { TimeRange } from '../metric-series/points-in-range.ts';
import { deleteSeries } from '../prometheus/delete-series.ts';
import { parseRangeTimeMs, parseStepMs, parseTimeMs, parseTimeoutMs } from '../prometheus/duration.ts';
import { badData, engineUnavailable, PromApiError, regexRefusal } from '../prometheus/errors.ts';
import { instantQuery, type QueryOptions, rangeGrid, rangeQuery } from '../prometheus/evaluate.ts';
import { labelNameOfPath } from '../prometheus/label-name.ts';
import { labelNames, labelValues, parseMatches, seriesOf } from '../prometheus/metadata.ts';
import { parsePromQL } from '../prometheus/parse.ts';

/** What /api/v1/status/buildinfo reports: the Prometheus API version whose answers we reproduce. */
export const PROMETHEUS_COMPAT_VERSION = '2.42.0';

/** The paths of the Prometheus HTTP API answered here, each for GET and POST (form). */
const PATHS: [path: string, summary: string][] = [
  ['/prometheus/api/v1/query', 'PromQL at one time (Prometheus HTTP API)'],
  [
    '/prometheus/api/v1/query_range',
    'PromQL over a range of steps (Prometheus HTTP API); nocache=1 skips the refresh cache',
  ],
  ['/prometheus/api/v1/labels', 'Label names (Prometheus HTTP API)'],
  ['/prometheus/api/v1/label/:name/values', 'Values of a label; __name__: metric names (Prometheus HTTP API)'],
  ['/prometheus/api/v1/series', 'Label sets of the series matching match[] (Prometheus HTTP API)'],
  ['/prometheus/api/v1/metadata', 'Metric metadata: none is stored, always {} (Prometheus HTTP API)'],
  ['/prometheus/api/v1/query_exemplars', 'Exemplars: none are stored (Prometheus HTTP API)'],
  ['/prometheus/api/v1/rules', 'Recording and alerting rules: none (Prometheus HTTP API)'],
  ['/prometheus/api/v1/alerts', 'Alerts: none (Prometheus HTTP API)'],
  ['/prometheus/api/v1/status/buildinfo', 'The Prometheus version whose answers are reproduced (Prometheus HTTP API)'],
];

export const PROMETHEUS_ENDPOINTS: Endpoint[] = PATHS.flatMap(([path, summary]) =>
  (['get', 'post'] as const).map(
    (method): Endpoint => ({
      method,
      path,
      summary,
      tag: 'prometheus',
      auth: 'bearer-or-basic',
      responses: {
        200: {
          description: 'Success',
          other: {
            'application/json':
              'Prometheus\' envelope {"status": "success", "data": ...}; errors {"status": "error", "errorType", "error"} (docs/prometheus.md)',
          },
        },
      },
    }),
  ),
);

/** Prometheus' admin API: delete_series (POST and PUT, as Prometheus takes it). */
export const PROMETHEUS_ADMIN_ENDPOINTS: Endpoint[] = (['post', 'put'] as const).map((method) => ({
  method,
  path: '/prometheus/api/v1/admin/tsdb/delete_series',
  summary:
    "Delete the points of the series matching match[] (start, end: the range, default all until now), the project's own series only (Prometheus admin API)",
  tag: 'prometheus',
  auth: 'bearer-or-basic',
  responses: { 204: { description: 'Deleted: gone from every read at the answer; points written later are kept' } },
}));

/**
 * The Prometheus HTTP API under /prometheus (Grafana's Prometheus data source URL is
 * `<base>/prometheus`): query, query_range, labels, label values, series, metadata, buildinfo and
 * the empty rules/alerts/exemplars answers Grafana asks for. GET with a query string or POST with
 * a form, as Prometheus takes them. Answers in Prometheus' envelope: `{status: "success", data}` or
 * `{status: "error", errorType, error}` (400 bad_data for a query we cannot parse or do not
 * support, saying what).
 */
export function prometheusRoutes(deps: QueryDeps) {
  const app = new Hono();
  const both = (path: string, handler: (c: Context, params: URLSearchParams) => Promise<unknown>) => {
    const run = async (c: Context) => {
      try {
        return c.json({ status: 'success', data: await handler(c, await paramsOf(c)) });
      } catch (err) {
        const e = asPromError(err);
        if (!e) throw err;
        return promErrorAnswer(c, e);
      }
    };
    app.get(path, run);
    app.post(path, run);
  };
  const signal = (c: Context) => c.req.raw.signal;
  /** The query options of a request: the configured limits, the timeout lowered by `timeout=` as Prometheus allows. */
  const options = (c: Context, q: URLSearchParams): QueryOptions => {
    const { maxSamples, timeoutMs, pushdown } = deps.config.promql;
    const asked = q.get('timeout');
    const timeout = asked ? Math.min(timeoutMs, parseTimeoutMs(asked)) : timeoutMs;
    return { signal: signal(c), limits: { maxSamples, timeoutMs: timeout }, pushdown };
  };

  both('/prometheus/api/v1/query', async (c, q) => {
    const time = q.get('time');
    return instantQuery(
      deps.db,
      projectOf(c),
      q.get('query') ?? '',
      time ? parseTimeMs(time, 'time', true) : Date.now(),
      options(c, q),
    );
  });
  both('/prometheus/api/v1/query_range', async (c, q) => {
    const grid = rangeGrid(
      parseTimeMs(q.get('start') ?? '', 'start'),
      parseTimeMs(q.get('end') ?? '', 'end'),
      parseStepMs(q.get('step') ?? ''),
    );
    // nocache=1 computes every step, as VictoriaMetrics' parameter of the same name does.
    const nocache = q.get('nocache') === '1' || q.get('nocache') === 'true';
    const project = projectOf(c);
    return rangeQuery(deps.db, project, q.get('query') ?? '', grid, {
      ...options(c, q),
      cache: nocache || !resultCachesApply(deps, project) ? undefined : deps.promCache,
    });
  });
  both('/prometheus/api/v1/labels', async (c, q) => {
    // The times first, then match[], as Prometheus reads them (which refusal a request with both wrong gets).
    const range = timeRange(q);
    return labelNames(deps.db, projectOf(c), parseMatches(q.getAll('match[]')), range, signal(c));
  });
  both('/prometheus/api/v1/label/:name/values', async (c, q) => {
    const param = c.req.param('name') ?? '';
    // Prometheus checks the name first, before any other parameter; a `U__` escape (Grafana's
    // spelling of `service.name` and other UTF-8 names in this path) is read back first, as 3.x does.
    const name = labelNameOfPath(param);
    if (name === undefined) throw badData(`invalid label name: ${JSON.stringify(param)}`);
    const range = timeRange(q);
    return labelValues(deps.db, projectOf(c), name, parseMatches(q.getAll('match[]')), range, signal(c));
  });
  both('/prometheus/api/v1/series', async (c, q) => {
    const matches = q.getAll('match[]');
    if (matches.length === 0) throw badData('no match[] parameter provided');
    const range = timeRange(q);
    return seriesOf(deps.db, projectOf(c), parseMatches(matches, true), range, signal(c));
  });
  // Prometheus' admin API: 204 once the deletion is durable, the project's own series only.
  const deleteSeriesRoute = async (c: Context) => {
    try {
      const q = await paramsOf(c);
      const matches = q.getAll('match[]');
      if (matches.length === 0) throw badData('no match[] parameter provided');
      const start = q.get('start');
      const end = q.get('end');
      const selectors = parseMatches(matches);
      await metricsStored(deps);
      await deleteSeries(deps.db, projectOf(c), selectors, {
        startMs: start ? parseTimeMs(start, 'start', true) : undefined,
        endMs: end ? parseTimeMs(end, 'end', true) : undefined,
      });
      deps.promCache?.written(0);
      return c.body(null, 204);
    } catch (err) {
      const e = asPromError(err);
      if (!e) throw err;
      return promErrorAnswer(c, e);
    }
  };
  app.post('/prometheus/api/v1/admin/tsdb/delete_series', deleteSeriesRoute);
  app.put('/prometheus/api/v1/admin/tsdb/delete_series', deleteSeriesRoute);
  // No metric metadata (type, help, unit) is stored: an empty answer, which Grafana handles.
  both('/prometheus/api/v1/metadata', async () => ({}));
  // No exemplars are stored; the times and query are still read, in Prometheus' order, so what
  // Prometheus refuses is refused.
  both('/prometheus/api/v1/query_exemplars', async (_c, q) => {
    const range = timeRange(q);
    if (range && range.endMs < range.startMs) throw badData('end timestamp must not be before start timestamp');
    parsePromQL(q.get('query') ?? '');
    return [];
  });
  both('/prometheus/api/v1/rules', async () => ({ groups: [] }));
  both('/prometheus/api/v1/alerts', async () => ({ alerts: [] }));
  both('/prometheus/api/v1/status/buildinfo', async () => ({
    version: PROMETHEUS_COMPAT_VERSION,
    revision: 'spanhouse',
    branch: 'spanhouse',
    buildUser: 'spanhouse',
    buildDate: '',
    goVersion: '',
  }));
  return app;
}

/**
 * The `start` and `end` of a request (a value Prometheus cannot parse is its 400 here too; one
 * past the times stored is open on its side). The metadata endpoints list the series with a point
 * in that range; neither given means all time (undefined: no narrowing), one missing is open on
 * its side, as Prometheus' defaults (minTime, maxTime) are.
 */
function timeRange(q: URLSearchParams): TimeRange | undefined {
  const [start, end] = (['start', 'end'] as const).map((name) => {
    const value = q.get(name);
    return value !== null && value !== '' ? parseRangeTimeMs(value, name) : undefined;
  });
  if (start === undefined && end === undefined) return undefined;
  return { startMs: start ?? Number.NEGATIVE_INFINITY, endMs: end ?? Number.POSITIVE_INFINITY };
}

/** The query string, plus the form body of a POST (Grafana posts its queries as forms). */
async function paramsOf(c: Context): Promise<URLSearchParams> {
  const url = new URLSearchParams(new URL(c.req.url).search);
  if (c.req.method !== 'POST') return url;
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('application/x-www-form-urlencoded')) return url;
  // The form's values first, then the query string's, as Go's Request.FormValue reads them: a
  // parameter in both is the form's.
  const params = new URLSearchParams(await c.req.text());
  for (const [k, v] of url) params.append(k, v);
  return params;
}

/**
 * Waits until the points this process acknowledged before a deletion are stored, so the deletion
 * finds their series and covers them (Prometheus deletes every sample it acknowledged). Not known
 * in time: 503, Prometheus' `unavailable`, and nothing is deleted.
 */
async function metricsStored(deps: QueryDeps): Promise<void> {
  try {
    await deps.metricsStored?.();
  } catch (err) {
    throw new PromApiError(
      'unavailable',
      `the points acknowledged before this deletion are not stored yet (${(err as Error).message}); retry`,
    );
  }
}

/**
 * Our errors, the ones ClickHouse raises for bad input (a regex RE2 cannot compile), a read the
 * engine stopped at the query's timeout, and a ClickHouse that cannot be reached (503 `unavailable`).
 */
function asPromError(err: unknown): PromApiError | undefined {
  if (err instanceof PromApiError) return err;
  if (isReadTimeout(err)) return new PromApiError('timeout', 'query timed out in query execution');
  return engineUnavailable(err) ?? regexRefusal(err);
}

/** Prometheus' error envelope for `e`, with Retry-After when it says when to ask again. */
function promErrorAnswer(c: Context, e: PromApiError): Response {
  if (e.retryAfter !== undefined) c.header('Retry-After', String(e.retryAfter));
  return c.json({ status: 'error', errorType: e.errorType, error: e.message }, e.status);
}
