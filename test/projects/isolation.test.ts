import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer, WAIT_FOR_COMMIT } from '../support/app.ts';
import { jsonExport } from '../support/otlp-request.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * The isolation matrix: two projects write the same ids (and each its own marked data) through
 * every ingest path, then every read endpoint is asked by every kind of credential (each project's
 * key, the admin naming each project, the default project's key pair, the admin on the default
 * project). A reader sees a project's data exactly when the credential is that project's: by
 * list, by id (another project's id is a 404), by name, session, user, metric, label and PromQL.
 */

let server: TestServer;
type Project = { id: string; auth: Record<string, string>; marker: string };
let alpha: Project;
let bravo: Project;

const T0 = '2026-03-01T10:00:00.000Z';
const NS0 = BigInt(Date.parse(T0)) * 1_000_000n;

async function call(method: string, path: string, headers: Record<string, string>, body?: string | Uint8Array) {
  const res = await fetch(`${server.baseUrl}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, text };
}

async function post(p: Project, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await call(
    'POST',
    path,
    { ...p.auth, ...WAIT_FOR_COMMIT, 'Content-Type': 'application/json', ...headers },
    typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
  );
  expect(res.status, `${path}: ${res.text}`).toBeLessThan(300);
}

/** Everything one project writes: the same shared ids as the other, and ids and names marked as its own. */
async function writeAll(p: Project): Promise<void> {
  const m = p.marker;
  // The batch endpoint: a trace every project has (same id), and one of its own.
  await post(p, '/v1/l/batch', {
    trace: { id: 'shared-trace', name: `${m}-shared`, userId: `${m}-user`, sessionId: 'shared-session' },
    observations: [{ id: 'shared-obs', name: `${m}-obs`, startTime: T0, endTime: T0 }],
  });
  await post(p, '/v1/l/batch', {
    trace: { id: `${m}-trace`, name: `${m}-name`, userId: `${m}-user`, sessionId: `${m}-session`, timestamp: T0 },
    observations: [
      {
        id: `${m}-generation`,
        type: 'GENERATION',
        name: `${m}-gen`,
        model: `${m}-model`,
        startTime: T0,
        endTime: '2026-03-01T10:00:01.000Z',
        promptTokens: 10,
        completionTokens: 5,
      },
    ],
  });
  // Langfuse's ingestion API: a trace, a generation and a score.
  await post(p, '/api/public/ingestion', {
    batch: [
      { id: randomUUID(), type: 'trace-create', timestamp: T0, body: { id: `${m}-ingested`, name: `${m}-ingested` } },
      {
        id: randomUUID(),
        type: 'span-create',
        timestamp: T0,
        body: { id: `${m}-span`, traceId: `${m}-ingested`, name: `${m}-span`, startTime: T0 },
      },
      {
        id: randomUUID(),
        type: 'score-create',
        timestamp: T0,
        body: { id: 'shared-score', traceId: 'shared-trace', name: `${m}-score`, value: 1 },
      },
    ],
  });
  await post(p, '/api/public/scores', { id: `${m}-score`, traceId: `${m}-trace`, name: `${m}-quality`, value: 0.5 });
  // OTLP traces (JSON): its own trace id.
  const traceHex = m === 'alpha' ? 'a'.repeat(32) : 'b'.repeat(32);
  await post(
    p,
    '/api/public/otel/v1/traces',
    jsonExport([
      {
        traceId: traceHex,
        spanId: '1'.repeat(16),
        name: `${m}-otlp`,
        start: String(NS0),
        end: String(NS0 + 1_000_000n),
      },
    ]),
  );
  // Metrics: the batch API (a shared name and its own), remote write, OTLP metrics.
  await post(p, '/v1/metrics/batch', {
    metrics: [
      { name: 'shared.metric', labels: { owner: m }, value: m === 'alpha' ? 1 : 2, timestamp: T0 },
      { name: `${m}.metric`, labels: { [`${m}_key`]: `${m}-value` }, value: 3, timestamp: T0 },
    ],
  });
  const rw = await call(
    'POST',
    '/prometheus/api/v1/write',
    { ...p.auth, ...WAIT_FOR_COMMIT, ...REMOTE_WRITE_HEADERS },
    remoteWriteBody([{ labels: { __name__: `${m}_rw`, job: `${m}-job` }, samples: [[Date.parse(T0), 7]] }]),
  );
  expect(rw.status).toBe(204);
  await post(p, '/api/public/otel/v1/metrics', {
    resourceMetrics: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: `${m}-svc` } }] },
        scopeMetrics: [
          {
            metrics: [
              {
                name: `${m}_otlp_gauge`,
                gauge: { dataPoints: [{ timeUnixNano: String(NS0), asDouble: 4 }] },
              },
            ],
          },
        ],
      },
    ],
  });
}

beforeAll(async () => {
  server = await startTestServer('projects-isolation');
  const make = async (marker: string): Promise<Project> => {
    const created = await call(
      'POST',
      '/api/public/projects',
      { ...bearer(), 'Content-Type': 'application/json' },
      JSON.stringify({ name: marker }),
    );
    const id = JSON.parse(created.text).id as string;
    const key = await call(
      'POST',
      `/api/public/projects/${id}/apiKeys`,
      { ...bearer(), 'Content-Type': 'application/json' },
      '{}',
    );
    const { publicKey, secretKey } = JSON.parse(key.text);
    return { id, auth: basic(publicKey, secretKey), marker };
  };
  alpha = await make('alpha');
  bravo = await make('bravo');
  await writeAll(alpha);
  await writeAll(bravo);
});

afterAll(async () => server?.close());

const range = `start=${Date.parse(T0) / 1000 - 60}&end=${Date.parse(T0) / 1000 + 60}&step=15`;
const at = `time=${Date.parse(T0) / 1000 + 10}`;
const enc = encodeURIComponent;

/**
 * Every read, as [path, marker it shows when it shows alpha's data]. Each path either lists
 * (alpha's marker appears only for alpha) or addresses alpha's data by id or name (200 with it for
 * alpha, and for anyone else a 404 or an answer without it).
 */
const reads = (m: string): string[] => [
  '/api/public/traces',
  `/api/public/traces?userId=${m}-user`,
  `/api/public/traces?name=${m}-name`,
  '/api/public/traces?sessionId=shared-session',
  `/api/public/traces/${m}-trace`,
  '/api/public/traces/shared-trace',
  `/api/public/traces/${m}-ingested`,
  '/api/public/observations',
  `/api/public/observations?userId=${m}-user`,
  `/api/public/observations/${m}-generation`,
  '/api/public/observations/shared-obs',
  '/api/public/v2/observations?fields=core,basic,io,model',
  `/api/public/v2/observations?traceId=${m}-trace`,
  '/api/public/sessions',
  `/api/public/sessions/${m}-session`,
  '/api/public/sessions/shared-session',
  '/api/public/scores',
  '/api/public/v2/scores',
  `/api/public/v2/scores?userId=${m}-user`,
  `/api/public/scores/${m}-score`,
  '/api/public/v2/scores/shared-score',
  '/api/public/metrics/daily',
  '/api/public/metrics/names',
  `/api/public/metrics/labels?name=${m}.metric`,
  '/api/public/metrics/labels?name=shared.metric',
  `/api/public/metrics/query?name=${m}.metric&from=2026-03-01T09:00:00Z&to=2026-03-01T11:00:00Z`,
  '/api/public/metrics/query?name=shared.metric&from=2026-03-01T09:00:00Z&to=2026-03-01T11:00:00Z',
  `/prometheus/api/v1/query?query=${enc(`{__name__=~"${m}.*"}`)}&${at}`,
  `/prometheus/api/v1/query_range?query=${enc('sum by (owner) ({__name__="shared.metric"})')}&${range}`,
  `/prometheus/api/v1/query_range?query=${enc('sum by (model) (spanhouse_llm_input_tokens)')}&${range}`,
  `/prometheus/api/v1/query?query=${enc(`${m}_rw`)}&${at}`,
  '/prometheus/api/v1/labels',
  '/prometheus/api/v1/label/__name__/values',
  '/prometheus/api/v1/label/job/values',
  `/prometheus/api/v1/series?match[]=${enc(`{__name__=~".+"}`)}`,
  `/prometheus/api/v1/series?match[]=${enc('spanhouse_llm_cost_usd')}`,
  '/api/public/projects',
];

describe('the isolation matrix', () => {
  const readers = () =>
    [
      ['alpha key', alpha.auth, 'alpha'],
      ['bravo key', bravo.auth, 'bravo'],
      ['admin on alpha', { ...bearer(), 'Spanhouse-Project': alpha.id }, 'alpha'],
      ['admin on bravo', { ...bearer(), 'Spanhouse-Project': bravo.id }, 'bravo'],
      ["the default project's pair", basic(), 'default'],
      ['admin on the default project', bearer(), 'default'],
    ] as const;

  it('every read shows a project its own data and never another project’s', async () => {
    const failures: string[] = [];
    for (const [who, auth, own] of readers()) {
      for (const project of ['alpha', 'bravo']) {
        for (const path of reads(project)) {
          const res = await call('GET', path, auth);
          // A 404 names the id it did not find; only an answer with data can show another project's.
          const shows = res.status === 200 && res.text.includes(project);
          if (res.status >= 500) failures.push(`${who} GET ${path}: ${res.status}`);
          // The admin without a header lists every project; that listing is the one allowed view.
          if (path === '/api/public/projects' && who === 'admin on the default project') continue;
          if (own === project && res.status === 200 && !shows && !path.includes('shared')) {
            failures.push(`${who} GET ${path}: its own data missing (${res.text.slice(0, 120)})`);
          }
          if (own !== project && shows)
            failures.push(`${who} GET ${path}: shows ${project}'s data: ${res.text.slice(0, 200)}`);
          if (
            own !== project &&
            path.includes(`${project}-`) &&
            /\/(traces|observations|sessions|scores)\/[^?]/.test(path)
          ) {
            if (res.status !== 404) failures.push(`${who} GET ${path}: ${res.status}, not 404`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('a shared id answers each project with its own record', async () => {
    for (const p of [alpha, bravo]) {
      const trace = JSON.parse((await call('GET', '/api/public/traces/shared-trace', p.auth)).text);
      expect(trace).toMatchObject({ id: 'shared-trace', name: `${p.marker}-shared`, userId: `${p.marker}-user` });
      expect(trace.observations.map((o: { name: string }) => o.name)).toEqual([`${p.marker}-obs`]);
      expect(trace.scores.map((s: { name: string; projectId: string }) => [s.name, s.projectId])).toEqual([
        [`${p.marker}-score`, p.id],
      ]);
      const session = JSON.parse((await call('GET', '/api/public/sessions/shared-session', p.auth)).text);
      expect(session).toMatchObject({ projectId: p.id, traces: [{ id: 'shared-trace', name: `${p.marker}-shared` }] });
      expect(session.traces[0].htmlPath).toBe(`/project/${p.id}/traces/shared-trace`);
      const q = JSON.parse(
        (
          await call(
            'GET',
            '/api/public/metrics/query?name=shared.metric&from=2026-03-01T09:00:00Z&to=2026-03-01T11:00:00Z&agg=sum',
            p.auth,
          )
        ).text,
      );
      expect(q.data).toEqual([
        {
          labels: { owner: p.marker },
          values: [{ timestamp: '2026-03-01T10:00:00.000+00:00', value: p.marker === 'alpha' ? 1 : 2 }],
        },
      ]);
      const v2 = JSON.parse((await call('GET', `/api/public/v2/observations?traceId=${p.marker}-trace`, p.auth)).text);
      expect(v2.data.map((o: { projectId: string }) => o.projectId)).toEqual([p.id]);
    }
  });

  it('writes land in the project of the key that wrote them, and nowhere else', async () => {
    const counts = async (auth: Record<string, string>) => {
      const traces = JSON.parse((await call('GET', '/api/public/traces?limit=100', auth)).text).data as {
        id: string;
      }[];
      return traces.map((t) => t.id).sort();
    };
    expect(await counts(alpha.auth)).toEqual(
      ['alpha-ingested', 'alpha-trace', 'shared-trace', 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa'].sort(),
    );
    expect(await counts(basic())).toEqual([]);
    expect(await counts(bearer())).toEqual([]);
  });

  it("a project's key cannot delete another project's score, which stays", async () => {
    const del = await call('DELETE', '/api/public/scores/alpha-score', bravo.auth);
    expect(del.status).toBe(404);
    expect((await call('GET', '/api/public/scores/alpha-score', alpha.auth)).status).toBe(200);
    // Its own score of the same id is its own to delete.
    expect(
      (await call('DELETE', '/api/public/scores/shared-score', { ...bravo.auth, ...WAIT_FOR_COMMIT })).status,
    ).toBe(202);
    expect((await call('GET', '/api/public/v2/scores/shared-score', bravo.auth)).status).toBe(404);
    expect((await call('GET', '/api/public/v2/scores/shared-score', alpha.auth)).status).toBe(200);
  });
});
