import { setTimeout as sleep } from 'node:timers/promises';
import { LangfuseClient } from '@langfuse/client';
import { TABLES, TRACE_ROW_TABLES } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer, TEST_CREDENTIALS, WAIT_FOR_COMMIT } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { hex, traceUuid } from '../support/otlp-request.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * Deleting traces (docs/data-lifecycle.md), with Langfuse's own client (api.trace.delete and
 * deleteMultiple) and plain HTTP: a deleted trace, its observations and its scores leave every
 * read within a second of the answer (the default flush interval, 500 ms, so the tombstone waits
 * for the background writer as any write does); what is written after the deletion is kept; a
 * deletion by user; another project's trace of the same id is untouched; bad bodies are 400.
 */

let server: TestServer;
let client: LangfuseClient;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
/** Each trace's generation starts a second after the previous one's: one LLM series point each. */
let written = 0;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = bearer()) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** A trace with a generation, in session `session` of user `user`, a score by the ingestion API; readable when this resolves. */
async function writeTrace(
  id: string,
  opts: { user?: string; session?: string; headers?: Record<string, string>; name?: string } = {},
) {
  const headers = { ...(opts.headers ?? bearer()), ...WAIT_FOR_COMMIT };
  const start = now + 1000 * written++;
  const batch = await call(
    'POST',
    '/v1/l/batch',
    {
      trace: {
        id,
        timestamp: iso(now),
        name: opts.name ?? 'chat',
        userId: opts.user ?? 'u-1',
        sessionId: opts.session ?? 's-1',
      },
      observations: [
        {
          id: `${id}-gen`,
          type: 'GENERATION',
          name: 'llm',
          model: 'gpt-4o',
          startTime: iso(start),
          endTime: iso(start + 500),
          promptTokens: 10,
          completionTokens: 5,
          parentObservationId: null,
        },
      ],
    },
    headers,
  );
  expect(batch.status).toBe(200);
  const score = await call(
    'POST',
    '/api/public/ingestion',
    {
      batch: [
        {
          id: `${id}-e`,
          type: 'score-create',
          timestamp: iso(now),
          body: { id: `${id}-score`, traceId: id, name: 'q', value: 1 },
        },
      ],
    },
    headers,
  );
  expect(score.status).toBe(207);
}

/** Which of `ids` each read returns. */
async function seen(ids: string[], headers: Record<string, string> = bearer()) {
  const keep = (xs: string[]) => [...new Set(xs.filter((x) => ids.includes(x)))].sort();
  const byId = [];
  for (const id of ids)
    if ((await call('GET', `/api/public/traces/${id}`, undefined, headers)).status === 200) byId.push(id);
  const list = await call('GET', '/api/public/traces?limit=100', undefined, headers);
  const observations = await call('GET', '/api/public/observations?limit=100', undefined, headers);
  const scores = await call('GET', '/api/public/v2/scores?limit=100', undefined, headers);
  const session = await call('GET', '/api/public/sessions/s-1', undefined, headers);
  const daily = await call('GET', '/api/public/metrics/daily', undefined, headers);
  // Full-text search (every trace here is named chat, every generation llm).
  const searched = await call('GET', '/api/public/traces?limit=100&search=chat', undefined, headers);
  const searchedObservations = await call('GET', '/api/public/observations?limit=100&search=llm', undefined, headers);
  const searchedSessions = await call('GET', '/api/public/sessions?limit=100&search=chat', undefined, headers);
  const llm = await call(
    'GET',
    `/prometheus/api/v1/query?query=${encodeURIComponent('sum(count_over_time(spanhouse_llm_total_tokens[1h]))')}&time=${(now + 600_000) / 1000}`,
    undefined,
    headers,
  );
  return {
    byId,
    list: keep(list.body.data.map((t: { id: string }) => t.id)),
    listTotal: list.body.meta.totalItems as number,
    observations: keep(observations.body.data.map((o: { traceId: string }) => o.traceId)),
    scores: keep(scores.body.data.map((s: { traceId: string }) => s.traceId)),
    session: session.status === 200 ? keep(session.body.traces.map((t: { id: string }) => t.id)) : [],
    search: keep(searched.body.data.map((t: { id: string }) => t.id)),
    searchObservations: keep(searchedObservations.body.data.map((o: { traceId: string }) => o.traceId)),
    searchSessions: searchedSessions.body.data.map((x: { id: string }) => x.id).includes('s-1'),
    dailyTraces: (daily.body.data as { countTraces: number }[]).reduce((n, d) => n + d.countTraces, 0),
    llmRequests: (llm.body.data.result as { value: [number, string] }[]).reduce((n, r) => n + Number(r.value[1]), 0),
  };
}

/** Polls `check` until it holds; the time it took (ms). */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
  return performance.now() - start;
}

beforeAll(async () => {
  server = await startTestServer('lifecycle-deletion', { INGEST_FLUSH_INTERVAL_MS: '500' });
  client = new LangfuseClient({
    publicKey: TEST_CREDENTIALS.publicKey,
    secretKey: TEST_CREDENTIALS.secretKey,
    baseUrl: server.baseUrl,
  });
});

afterAll(async () => {
  await client?.shutdown();
  await server?.close();
});

describe("Langfuse's trace deletion", () => {
  it('api.trace.delete removes a trace, its observations and scores from every read within a second', async () => {
    await writeTrace('d-1');
    await writeTrace('d-2');
    const before = await seen(['d-1', 'd-2']);
    expect(before).toMatchObject({
      byId: ['d-1', 'd-2'],
      list: ['d-1', 'd-2'],
      observations: ['d-1', 'd-2'],
      scores: ['d-1', 'd-2'],
      session: ['d-1', 'd-2'],
      search: ['d-1', 'd-2'],
      searchObservations: ['d-1', 'd-2'],
    });

    const answer = await client.api.trace.delete('d-1');
    expect(answer).toEqual({ message: 'Trace deleted successfully' });
    await within(1_000, async () => (await call('GET', '/api/public/traces/d-1')).status === 404);
    const after = await seen(['d-1', 'd-2']);
    expect(after).toMatchObject({
      byId: ['d-2'],
      list: ['d-2'],
      observations: ['d-2'],
      scores: ['d-2'],
      session: ['d-2'],
      search: ['d-2'],
      searchObservations: ['d-2'],
      // The project's first tombstone: the list's count looks tombstones up from then on.
      listTotal: before.listTotal - 1,
      dailyTraces: before.dailyTraces - 1,
      llmRequests: before.llmRequests - 1,
    });
    expect((await call('GET', '/api/public/observations/d-1-gen')).status).toBe(404);
    expect((await call('GET', '/api/public/v2/scores/d-1-score')).status).toBe(404);
  });

  it('api.trace.deleteMultiple removes every trace named, each within a second', async () => {
    for (const id of ['m-1', 'm-2', 'm-3']) await writeTrace(id);
    const answer = await client.api.trace.deleteMultiple({ traceIds: ['m-1', 'm-3'] });
    expect(answer).toEqual({ message: 'Traces deleted successfully' });
    await within(1_000, async () => (await seen(['m-1', 'm-2', 'm-3'])).list.join() === 'm-2');
    expect(await seen(['m-1', 'm-2', 'm-3'])).toMatchObject({ byId: ['m-2'], observations: ['m-2'], scores: ['m-2'] });
  });

  it('removes a session from the searched sessions once its every trace is deleted', async () => {
    await writeTrace('lone', { session: 's-lone', name: 'solitary' });
    const sessions = async () =>
      (await call('GET', '/api/public/sessions?limit=100&search=solitary')).body.data.map((x: { id: string }) => x.id);
    expect(await sessions()).toEqual(['s-lone']);
    expect(
      (await call('DELETE', '/api/public/traces/lone', undefined, { ...bearer(), ...WAIT_FOR_COMMIT })).status,
    ).toBe(200);
    expect(await sessions()).toEqual([]);
  });

  it('removes the observations made of OTLP log records with their trace', async () => {
    const traceHex = hex(16);
    const logs = await call(
      'POST',
      '/api/public/otel/v1/logs',
      {
        resourceLogs: [
          {
            scopeLogs: [
              {
                logRecords: [
                  {
                    traceId: traceHex,
                    spanId: hex(8),
                    timeUnixNano: `${now}000000`,
                    body: { stringValue: 'cache miss' },
                  },
                ],
              },
            ],
          },
        ],
      },
      { ...bearer(), ...WAIT_FOR_COMMIT },
    );
    expect(logs.status).toBe(200);
    const id = traceUuid(traceHex);
    const observations = async () =>
      (await call('GET', `/api/public/observations?traceId=${id}`)).body.data.map((o: { name: string }) => o.name);
    expect(await observations()).toEqual(['cache miss']);
    expect(
      (await call('GET', `/api/public/observations?search=${encodeURIComponent('"cache miss"')}`)).body.data,
    ).toHaveLength(1);
    expect(
      (await call('DELETE', `/api/public/traces/${id}`, undefined, { ...bearer(), ...WAIT_FOR_COMMIT })).status,
    ).toBe(200);
    expect((await call('GET', `/api/public/traces/${id}`)).status).toBe(404);
    expect(await observations()).toEqual([]);
    expect(
      (await call('GET', `/api/public/observations?search=${encodeURIComponent('"cache miss"')}`)).body.data,
    ).toHaveLength(0);
  });

  it('keeps what is written after the deletion: a trace sent again is read again', async () => {
    await writeTrace('again', { name: 'first' });
    expect(
      (await call('DELETE', '/api/public/traces/again', undefined, { ...bearer(), ...WAIT_FOR_COMMIT })).status,
    ).toBe(200);
    expect((await call('GET', '/api/public/traces/again')).status).toBe(404);
    await writeTrace('again', { name: 'second' });
    const read = await call('GET', '/api/public/traces/again');
    expect(read.status).toBe(200);
    expect(read.body.name).toBe('second');
    expect(read.body.observations.map((o: { id: string }) => o.id)).toEqual(['again-gen']);
    expect((await seen(['again'])).scores).toEqual(['again']);
  });
});

/** Deletes trace `id` as one DELETE of it alone, or as one of `others` more ids in a bulk DELETE. */
async function deleteTrace(id: string, others: number) {
  const headers = { ...bearer(), ...WAIT_FOR_COMMIT };
  if (others === 0) return call('DELETE', `/api/public/traces/${id}`, undefined, headers);
  const traceIds = [id, ...Array.from({ length: others }, (_, k) => `${id}-none-${k}`)];
  return call('DELETE', '/api/public/traces', { traceIds }, headers);
}

describe('a piece of a deleted trace arriving late', () => {
  // A bulk deletion of more ids than a purge lists names its traces by their tombstones' times.
  it.each([
    ['deleted alone', 'late', 0],
    ['deleted in bulk with 1,200 other ids', 'late-bulk', 1_200],
  ])(
    'brings back nothing of a trace %s: fields, observations, totals, session, search or usage',
    async (_, id, others) => {
      const daily = async () =>
        (
          (await call('GET', '/api/public/metrics/daily?limit=100')).body.data as {
            usage: { model: string | null; countObservations: number; inputUsage: number }[];
          }[]
        )
          .flatMap((d) => d.usage)
          .filter((u) => u.model === 'gpt-4o')
          .reduce((n, u) => ({ observations: n.observations + u.countObservations, input: n.input + u.inputUsage }), {
            observations: 0,
            input: 0,
          });
      const before = await daily();
      const headers = { ...bearer(), ...WAIT_FOR_COMMIT };
      const written = await call(
        'POST',
        '/v1/l/batch',
        {
          trace: {
            id,
            timestamp: iso(now),
            name: 'private name',
            userId: `u-${id}`,
            sessionId: `s-${id}`,
            input: `zz${id.replace('-', '')}private words`,
          },
          observations: [
            {
              id: `${id}-gen`,
              type: 'GENERATION',
              name: 'llm',
              model: 'gpt-4o',
              startTime: iso(now),
              endTime: iso(now + 60_000),
              promptTokens: 1000,
              completionTokens: 500,
            },
          ],
        },
        headers,
      );
      expect(written.status).toBe(200);
      expect((await deleteTrace(id, others)).status).toBe(200);
      // A span of the trace an exporter sends late, after the deletion.
      const late = await call(
        'POST',
        '/api/public/ingestion',
        {
          batch: [
            {
              id: `${id}-e`,
              type: 'span-create',
              timestamp: iso(now),
              body: { id: `${id}-span`, traceId: id, name: 'late', startTime: iso(now + 1000) },
            },
          ],
        },
        headers,
      );
      expect(late.status).toBe(207);

      const read = await call('GET', `/api/public/traces/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ name: null, userId: null, sessionId: null, input: null, totalCost: 0 });
      expect(read.body.observations.map((o: { id: string }) => o.id)).toEqual([`${id}-span`]);
      const listed = (
        await call('GET', '/api/public/traces?limit=100&fields=core,io,metrics,observations')
      ).body.data.find((t: { id: string }) => t.id === id);
      expect(listed).toMatchObject({
        name: null,
        userId: null,
        input: null,
        totalCost: 0,
        observations: [`${id}-span`],
      });
      expect((await call('GET', `/api/public/sessions/s-${id}`)).status).toBe(404);
      expect((await call('GET', `/api/public/traces?search=zz${id.replace('-', '')}private`)).body.data).toEqual([]);
      expect(await daily()).toEqual(before);

      // The deleted rows are gone, not folded: merging every part changes none of the answers.
      await eventually(async () => {
        const pending = await server.db.writer.query({
          query: 'SELECT count() AS n FROM system.mutations WHERE database = currentDatabase() AND NOT is_done',
          format: 'JSONEachRow',
        });
        expect((await pending.json<{ n: number | string }>()).map((r) => Number(r.n))).toEqual([0]);
      });
      for (const table of TRACE_ROW_TABLES) await server.db.writer.command({ query: `OPTIMIZE TABLE ${table} FINAL` });
      expect((await call('GET', `/api/public/traces/${id}`)).body).toMatchObject({
        name: null,
        userId: null,
        input: null,
      });
      const merged = (await call('GET', '/api/public/traces?limit=100&fields=core,observations')).body.data.find(
        (t: { id: string }) => t.id === id,
      );
      expect(merged.observations).toEqual([`${id}-span`]);
    },
  );
});

describe("a deleted trace's stored rows", () => {
  // The purge the tombstones' insert registers, on its own: no piece of the trace comes later, so
  // nothing but that purge removes the rows.
  it.each([
    ['deleted alone', 'purged', 0],
    ['deleted in bulk with 1,200 other ids', 'purged-bulk', 1_200],
  ])('leave every trace table once the trace is %s', async (_, id, others) => {
    await writeTrace(id);
    const stored = async () => {
      const counts: Record<string, number> = {};
      for (const table of TRACE_ROW_TABLES) {
        const column = table === TABLES.traces ? 'id' : 'trace_id';
        const result = await server.db.writer.query({
          query: `SELECT count() AS n FROM ${table} WHERE ${column} = {id:String}`,
          query_params: { id },
          format: 'JSONEachRow',
        });
        counts[table] = Number((await result.json<{ n: number | string }>())[0]?.n);
      }
      return counts;
    };
    const before = await stored();
    expect(before[TABLES.traces]).toBeGreaterThan(0);
    expect(before[TABLES.observationPieces]).toBeGreaterThan(0);
    expect(before[TABLES.scores]).toBeGreaterThan(0);
    expect((await deleteTrace(id, others)).status).toBe(200);
    await eventually(async () => {
      expect(Object.values(await stored()).every((n) => n === 0)).toBe(true);
    }, 20_000);
  });
});

describe('deleting every trace of a user', () => {
  it('removes the traces the user has, and keeps the later ones and other users', async () => {
    await writeTrace('user-a1', { user: 'alice', session: 's-a' });
    await writeTrace('user-a2', { user: 'alice', session: 's-a' });
    await writeTrace('user-b1', { user: 'bob', session: 's-b' });
    const answer = await call('DELETE', '/api/public/traces', { userId: 'alice' }, { ...bearer(), ...WAIT_FOR_COMMIT });
    expect(answer).toEqual({ status: 200, body: { message: '2 traces deleted successfully' } });
    await writeTrace('user-a3', { user: 'alice', session: 's-a' });
    const ids = ['user-a1', 'user-a2', 'user-a3', 'user-b1'];
    expect((await seen(ids)).list).toEqual(['user-a3', 'user-b1']);
    const alice = await call('GET', '/api/public/traces?userId=alice');
    expect(alice.body.data.map((t: { id: string }) => t.id)).toEqual(['user-a3']);
  });
});

describe('project scope', () => {
  it("deletes the trace of the caller's project only, never another project's trace of the same id", async () => {
    const project = (await call('POST', '/api/public/projects', { name: 'other team' })).body.id as string;
    const key = (await call('POST', `/api/public/projects/${project}/apiKeys`, { note: 'test' })).body;
    const other = basic(key.publicKey, key.secretKey);
    await writeTrace('shared-id', { headers: other });
    await writeTrace('shared-id');
    expect(
      (await call('DELETE', '/api/public/traces/shared-id', undefined, { ...other, ...WAIT_FOR_COMMIT })).status,
    ).toBe(200);
    expect((await call('GET', '/api/public/traces/shared-id', undefined, other)).status).toBe(404);
    expect((await call('GET', '/api/public/traces/shared-id')).status).toBe(200);
  });

  it('deletes with the admin token in the project Spanhouse-Project names, and only there', async () => {
    const project = (await call('POST', '/api/public/projects', { name: 'admin chosen' })).body.id as string;
    const inProject = { ...bearer(), 'Spanhouse-Project': project };
    await writeTrace('admin-id', { headers: inProject });
    await writeTrace('admin-id');
    const deleted = await call(
      'DELETE',
      '/api/public/traces',
      { traceIds: ['admin-id'] },
      { ...inProject, ...WAIT_FOR_COMMIT },
    );
    expect(deleted.status).toBe(200);
    expect((await call('GET', '/api/public/traces/admin-id', undefined, inProject)).status).toBe(404);
    expect((await call('GET', '/api/public/traces/admin-id')).status).toBe(200);
    const missing = await call('DELETE', '/api/public/traces/admin-id', undefined, {
      ...bearer(),
      'Spanhouse-Project': 'no-such-project',
    });
    expect(missing.status).toBe(404);
  });
});

describe('bad input', () => {
  it.each([
    ['no field', {}, /^give traceIds \(the traces to delete\) or userId/],
    ['only an unsupported field', { filter: [{ column: 'name', value: 'x' }] }, /^unknown field filter: /],
    ['both fields', { traceIds: ['a'], userId: 'u' }, /^give traceIds or userId, not both/],
    ['an empty list', { traceIds: [] }, /traceIds: must name at least one trace/],
    ['a non-string id', { traceIds: [1] }, /traceIds/],
    ['an empty id, named by its index', { traceIds: ['a', ''] }, /traceIds\.1: must not be empty/],
    ['an id over 800 characters', { traceIds: ['a', 'b', 'x'.repeat(801)] }, /traceIds\.2: must be at most 800/],
    ['not JSON', '{"traceIds":', /JSON/],
  ])('%s is a 400 that says why', async (_, body, message) => {
    const r = await call('DELETE', '/api/public/traces', body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'BAD_REQUEST', data: null });
    expect(r.body.message).toMatch(message);
  });

  it('refuses a request without credentials', async () => {
    expect((await call('DELETE', '/api/public/traces/x', undefined, {})).status).toBe(401);
  });
});
