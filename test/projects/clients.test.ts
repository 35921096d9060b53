import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { LangfuseClient } from '@langfuse/client';
import { LangfuseSpanProcessor } from '@langfuse/otel';
import { startActiveObservation, startObservation } from '@langfuse/tracing';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { Langfuse } from 'langfuse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import {
  freePort,
  prometheusMissing,
  type RunningPrometheus,
  startPrometheus,
} from '../support/prometheus/prometheus-process.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * Real clients configured with a project's key instead of the environment's pair: the legacy
 * Langfuse SDK, the current one (LangfuseSpanProcessor, @langfuse/tracing, LangfuseClient), the
 * OpenTelemetry JS trace and metric exporters, and a real Prometheus remote-writing with the key
 * as its basic_auth. What each writes is in the key's project and nowhere else.
 */

let server: TestServer;
let key: { publicKey: string; secretKey: string };
let projectId: string;

async function get(path: string, auth: Record<string, string>) {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: auth });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const mine = () => basic(key.publicKey, key.secretKey);
const basicHeader = () => mine().Authorization;
const traceUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** Found with the project's key, and not with the default project's pair nor the admin on the default project. */
async function onlyInProject(
  path: string,
  complete: (body: Record<string, unknown>) => boolean = () => true,
): Promise<Record<string, unknown>> {
  const found = await eventually(async () => {
    const res = await get(path, mine());
    expect(res.status).toBe(200);
    expect(complete(res.body)).toBe(true);
    return res.body;
  });
  for (const other of [basic(), bearer()]) {
    const res = await get(path, other);
    expect(res.status === 404 || !JSON.stringify(res.body).includes(projectId), path).toBe(true);
  }
  return found;
}

beforeAll(async () => {
  server = await startTestServer('projects-clients');
  const json = { ...bearer(), 'Content-Type': 'application/json' };
  const created = await fetch(`${server.baseUrl}/api/public/projects`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'client team' }),
  });
  projectId = ((await created.json()) as { id: string }).id;
  const made = await fetch(`${server.baseUrl}/api/public/projects/${projectId}/apiKeys`, {
    method: 'POST',
    headers: json,
    body: '{}',
  });
  key = (await made.json()) as typeof key;
});
afterAll(async () => server?.close());

describe("the Langfuse SDKs with a project's key", () => {
  it('the legacy SDK (langfuse 3.x) writes a trace, a generation and a score into the project', async () => {
    const langfuse = new Langfuse({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: server.baseUrl });
    const failures: unknown[] = [];
    langfuse.on('error', (e) => failures.push(e));
    const traceId = randomUUID();
    const trace = langfuse.trace({ id: traceId, name: 'legacy in project', userId: 'legacy-user' });
    trace.generation({ name: 'answer', model: 'gpt-4o', usage: { input: 3, output: 4 } }).end({ output: 'ok' });
    trace.score({ name: 'quality', value: 1 });
    await langfuse.flushAsync();
    await langfuse.shutdownAsync();
    expect(failures).toEqual([]);
    const stored = await onlyInProject(`/api/public/traces/${traceId}`, (t) => (t.scores as unknown[]).length > 0);
    expect(stored).toMatchObject({ name: 'legacy in project', userId: 'legacy-user' });
    expect((stored.scores as { projectId: string }[]).map((s) => s.projectId)).toEqual([projectId]);
    // Its own read helper, with the same key.
    expect(await langfuse.fetchTrace(traceId)).toMatchObject({ data: { id: traceId } });
  });

  it('LangfuseSpanProcessor and @langfuse/tracing write, LangfuseClient reads, all with the key', async () => {
    const processor = new LangfuseSpanProcessor({
      publicKey: key.publicKey,
      secretKey: key.secretKey,
      baseUrl: server.baseUrl,
    });
    const provider = new NodeTracerProvider({ spanProcessors: [processor] });
    provider.register();
    const traceId = await startActiveObservation('otel sdk in project', async (root) => {
      startObservation('answer', { model: 'gpt-4o-mini', usageDetails: { input: 5 } }, { asType: 'generation' }).end();
      return root.traceId;
    });
    await processor.forceFlush();
    await provider.shutdown();
    const id = traceUuid(traceId);
    const stored = await onlyInProject(`/api/public/traces/${id}`);
    expect(stored).toMatchObject({ name: 'otel sdk in project' });

    const client = new LangfuseClient({ publicKey: key.publicKey, secretKey: key.secretKey, baseUrl: server.baseUrl });
    expect((await client.api.trace.get(id)).id).toBe(id);
    const projects = await client.api.projects.get();
    expect(projects.data.map((p) => [p.id, p.name])).toEqual([[projectId, 'client team']]);
    await client.shutdown();
  });
});

describe("the OpenTelemetry exporters with a project's key", () => {
  it('the OTLP/HTTP protobuf trace exporter', async () => {
    const exporter = new OTLPTraceExporter({
      url: `${server.baseUrl}/api/public/otel/v1/traces`,
      headers: { Authorization: basicHeader() },
    });
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const span = provider.getTracer('project-test').startSpan('exported in project');
    const traceId = span.spanContext().traceId;
    span.end();
    await provider.forceFlush();
    await provider.shutdown();
    expect(await onlyInProject(`/api/public/traces/${traceUuid(traceId)}`)).toMatchObject({
      name: 'exported in project',
    });
  });

  it('the OTLP/HTTP protobuf metric exporter', async () => {
    const exporter = new OTLPMetricExporter({
      url: `${server.baseUrl}/api/public/otel/v1/metrics`,
      headers: { Authorization: basicHeader(), 'Spanhouse-Wait': 'commit' },
    });
    const provider = new MeterProvider({
      readers: [new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000 })],
    });
    provider.getMeter('project-test').createCounter('project.exported.tokens').add(42, { model: 'gpt-4o' });
    await provider.forceFlush();
    await provider.shutdown();
    const names = await onlyInProject('/api/public/metrics/names');
    expect(names.data).toContain('project.exported.tokens');
    expect((await get('/api/public/metrics/names', basic())).body.data).not.toContain('project.exported.tokens');
  });
});

const missing = prometheusMissing();
describe.skipIf(missing !== undefined)(`a real Prometheus remote-writing with a project's key ${missing ?? ''}`, () => {
  let prom: RunningPrometheus;
  let target: Server;

  beforeAll(async () => {
    const port = await freePort();
    target = createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/plain; version=0.0.4');
      res.end('# TYPE project_agent_up gauge\nproject_agent_up 1\n');
    });
    await new Promise<void>((resolve) => target.listen(port, '127.0.0.1', resolve));
    prom = await startPrometheus(`
global:
  scrape_interval: 1s
scrape_configs:
  - job_name: project-agent
    static_configs:
      - targets: ['127.0.0.1:${port}']
remote_write:
  - url: ${server.baseUrl}/prometheus/api/v1/write
    basic_auth:
      username: ${key.publicKey}
      password: ${key.secretKey}
    queue_config:
      batch_send_deadline: 1s
      min_backoff: 100ms
`);
  }, 60_000);
  afterAll(async () => {
    await prom?.stop();
    await new Promise((r) => target?.close(r));
  });

  it('its samples are in the project, read back through the Prometheus API with the same key', {
    timeout: 90_000,
  }, async () => {
    const query = `/prometheus/api/v1/query?query=${encodeURIComponent('project_agent_up')}`;
    const result = await eventually(async () => {
      const res = await get(query, mine());
      const data = (res.body.data as { result: { metric: Record<string, string> }[] }).result;
      expect(data).toHaveLength(1);
      return data;
    }, 60_000);
    expect(result[0]!.metric).toMatchObject({ __name__: 'project_agent_up', job: 'project-agent' });
    const elsewhere = await get(query, basic());
    expect((elsewhere.body.data as { result: unknown[] }).result).toEqual([]);
  });
});
