// OTLP ingest load driver: the real service as a child process on a temporary DATA_DIR, concurrent
// clients posting OTLP exports (protobuf or JSON, Langfuse-SDK-shaped, see load/fixture.ts) for a
// fixed time, counting only spans acknowledged with 200; ingest-to-visible latency probed during
// the load; the service's peak RSS; then every acknowledged span checked stored. `--ceiling`
// instead inserts the same rows straight into chDB as the service's writer does (load/ceiling.ts).
//
//   pnpm --filter @spanhouse/ingest-api load                       # protobuf, 6 clients, 20 s
//   pnpm --filter @spanhouse/ingest-api load --encoding=json
//   pnpm --filter @spanhouse/ingest-api load --ceiling
//   pnpm --filter @spanhouse/ingest-api load --profile=/tmp/prof   # node --cpu-prof of the service
//   pnpm --filter @spanhouse/ingest-api load --env=INGEST_FLUSH_ROWS=50000
//
// Options: --seconds=20 --warmup=3 --clients=6 --traces=20 (per request; 10 spans each)
// --node-flags='--max-semi-space-size=32' (the service's node flags) --no-probe
// --dir=/tmp/spanhouse-load --variants=jsoneachrow,tsv,tsv-preencoded (ceiling).
import { rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { openDb, TABLES } from '@spanhouse/db';
import { runCeiling } from './load/ceiling.ts';
import { makeClient } from './load/client.ts';
import { freshBody, jsonTemplate, protobufTemplate, type Template } from './load/fixture.ts';
import { cpuByThread, cpuOf, startService } from './load/service.ts';

const args = new Map<string, string>();
const envOverrides: Record<string, string> = {};
for (const a of process.argv.slice(2)) {
  const m = /^--([\w-]+)(?:=(.*))?$/.exec(a);
  if (!m) throw new Error(`bad argument ${a}`);
  if (m[1] === 'env') {
    const [k, ...v] = (m[2] ?? '').split('=');
    envOverrides[k!] = v.join('=');
  } else args.set(m[1]!, m[2] ?? 'true');
}
const opt = (name: string, fallback: string) => args.get(name) ?? fallback;
const SECONDS = Number(opt('seconds', '20'));
const WARMUP = Number(opt('warmup', '3'));
const CLIENTS = Number(opt('clients', '6'));
const TRACES = Number(opt('traces', '20'));
const ENCODING = opt('encoding', 'protobuf');
const DIR = opt('dir', '/tmp/spanhouse-load');

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const machine = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}, ${cpus().length} cores`;

const makeTemplate = ENCODING === 'json' ? jsonTemplate : protobufTemplate;
const templates: Template[] = Array.from({ length: 8 }, (_, i) => makeTemplate(i + 1, TRACES));
const contentType = ENCODING === 'json' ? 'application/json' : 'application/x-protobuf';
log(
  `${ENCODING}: ${TRACES * 10} spans/request, ${(templates[0]!.body.length / 1024).toFixed(0)} KiB/request; ${machine()}`,
);

if (args.has('ceiling')) {
  const variants = opt('variants', 'jsoneachrow,tsv,tsv-preencoded').split(',');
  const batchRows = Number(envOverrides.INGEST_FLUSH_ROWS ?? opt('batch-rows', '20000'));
  await runCeiling({ dataDir: `${DIR}/ceiling`, templates, batchRows, seconds: SECONDS, variants, log });
  log(`done; ${machine()}`);
  process.exit(0);
}

rmSync(DIR, { recursive: true, force: true });
const profileDir = args.get('profile');
// The flags `pnpm start` runs the service with (root package.json); --node-flags= to compare others.
const nodeFlags = opt('node-flags', '--max-semi-space-size=32').split(' ').filter(Boolean);
const service = await startService({ dataDir: `${DIR}/data`, env: envOverrides, cpuProfDir: profileDir, nodeFlags });
const client = makeClient(service.url, service.token, CLIENTS + 1);
const nonce = (Date.now() / 1000) >>> 0;
let counter = 1;
let stopping = false;
const t0 = performance.now();
const windowStart = t0 + WARMUP * 1000;
const windowEnd = windowStart + SECONDS * 1000;
const stats = { acked: 0, ackedInWindow: 0, statuses: new Map<number, number>(), ackMs: [] as number[] };

async function loadClient(): Promise<void> {
  while (!stopping) {
    const t = templates[counter % templates.length]!;
    const body = freshBody(t, nonce, counter);
    counter += t.idOffsets.length;
    const start = performance.now();
    const reply = await client.postOtlp(body, contentType);
    const end = performance.now();
    stats.statuses.set(reply.status, (stats.statuses.get(reply.status) ?? 0) + 1);
    if (reply.status === 200) {
      stats.acked += t.spans;
      if (end >= windowStart && end < windowEnd) {
        stats.ackedInWindow += t.spans;
        stats.ackMs.push(end - start);
      }
    } else if (reply.status === 429 || reply.status === 503) {
      await new Promise((r) => setTimeout(r, 100));
    } else {
      throw new Error(`unexpected ${reply.status}: ${reply.body.toString().slice(0, 300)}`);
    }
  }
}

/**
 * Ingest-to-visible: every second, one small trace is sent and then read back through the trace
 * API: first as soon as the export is acknowledged (a 200 means committed, so it should be
 * there), then every 25 ms until it is. Reads are few, so the probe does not load the service.
 */
const probeTemplate = makeTemplate(99, 1);
const visibleMs: number[] = [];
async function probe(): Promise<void> {
  while (!stopping) {
    await new Promise((r) => setTimeout(r, 1000));
    const body = freshBody(probeTemplate, nonce, counter++);
    const traceHex = traceHexOf(body, probeTemplate);
    const uuid = `${traceHex.slice(0, 8)}-${traceHex.slice(8, 12)}-${traceHex.slice(12, 16)}-${traceHex.slice(16, 20)}-${traceHex.slice(20)}`;
    const start = performance.now();
    if ((await client.postOtlp(body, contentType)).status !== 200) continue;
    while ((await client.get(`/api/public/traces/${uuid}`)).status !== 200) {
      await new Promise((res) => setTimeout(res, 25));
    }
    const end = performance.now();
    if (start >= windowStart && end < windowEnd) visibleMs.push(end - start);
  }
}

/** Rows and milliseconds per insert, by table, and memory, from the service's Prometheus metrics. */
async function flushStats(): Promise<string[]> {
  const text = (await client.get('/metrics')).body.toString();
  const value = (name: string, table: string) => {
    const m = new RegExp(`^${name}\\{table="${table}"\\} ([\\d.e+-]+)$`, 'm').exec(text);
    return m ? Number(m[1]) : Number.NaN;
  };
  const plain = (name: string) => {
    const m = new RegExp(`^${name} ([\\d.e+-]+)$`, 'm').exec(text);
    return m ? `${(Number(m[1]) / 2 ** 20).toFixed(0)} MiB` : '?';
  };
  return [
    ...[TABLES.observations, TABLES.traces].map((table) => {
      const n = value('spanhouse_ingest_flush_rows_count', table);
      const rows = value('spanhouse_ingest_flush_rows_sum', table) / n;
      const ms = (value('spanhouse_ingest_flush_duration_seconds_sum', table) * 1000) / n;
      return `${table}: ${n} inserts, ${rows.toFixed(0)} rows and ${ms.toFixed(0)} ms each`;
    }),
    `at the end: V8 heap ${plain('nodejs_heap_size_total_bytes')}, external ${plain('nodejs_external_memory_bytes')}, ` +
      `RSS ${plain('process_resident_memory_bytes')}`,
  ];
}

function traceHexOf(body: Buffer, t: Template): string {
  const at = t.idOffsets[0]![0]!;
  return t.idWidth === 16 ? body.subarray(at, at + 16).toString('hex') : body.subarray(at, at + 32).toString('latin1');
}

const workers = [...Array.from({ length: CLIENTS }, loadClient), ...(args.has('no-probe') ? [] : [probe()])];
// CPU time per committed span (the service's, and its main thread's): unlike spans/s, it does not
// fall when other processes take the cores, so it says what this machine would do alone.
await new Promise((r) => setTimeout(r, windowStart - performance.now()));
const cpu0 = cpuOf(service.pid);
const threads0 = cpuByThread(service.pid);
const driverCpu0 = process.cpuUsage();
await new Promise((r) => setTimeout(r, windowEnd - performance.now()));
const cpu1 = cpuOf(service.pid);
const threads1 = cpuByThread(service.pid);
const driverCpu = process.cpuUsage(driverCpu0);
stopping = true;
await Promise.all(workers);
const peakRss = service.peakRss();
const flushes = await flushStats();
log(`load stopped; stopping the service (${machine()})`);
const exit = await service.stop();
client.close();

const spansPerSec = stats.ackedInWindow / SECONDS;
log(
  `${ENCODING}: ${fmt(spansPerSec)} spans/s committed over ${SECONDS} s (${CLIENTS} clients, ${TRACES * 10} spans/request)`,
);
{
  const per = (seconds: number) => ((seconds * 1e6) / stats.ackedInWindow).toFixed(1);
  log(
    `CPU per committed span: service ${per(cpu1.total - cpu0.total)} us (main thread ${per(cpu1.main - cpu0.main)} us), ` +
      `load driver ${per((driverCpu.user + driverCpu.system) / 1e6)} us`,
  );
  const byThread = [...threads1]
    .map(([name, s]) => [name, s - (threads0.get(name) ?? 0)] as const)
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([name, s]) => `${name} ${per(s)}`);
  log(`  by thread (us/span): ${byThread.join(', ')}`);
}
log(`request latency ms p50 ${pct(stats.ackMs, 50).toFixed(0)} p99 ${pct(stats.ackMs, 99).toFixed(0)}`);
log(
  `ingest-to-visible ms p50 ${pct(visibleMs, 50).toFixed(0)} p99 ${pct(visibleMs, 99).toFixed(0)} (${visibleMs.length} probes)`,
);
log(`peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB; statuses ${JSON.stringify(Object.fromEntries(stats.statuses))}`);
for (const line of flushes) log(line);
log(`service exit code ${exit}${profileDir ? `; profile in ${profileDir}` : ''}`);

// Every acknowledged span must be stored (more may be: requests answered 503 can still commit).
const db = await openDb({ dataDir: `${DIR}/data`, database: 'spanhouse', readers: 1 });
const rs = await db.writer.query({ query: 'SELECT count() AS n FROM observations FINAL', format: 'JSONEachRow' });
const stored = Number(((await rs.json()) as { n: string }[])[0]!.n);
await db.close();
log(`stored ${fmt(stored)} observations; acknowledged ${fmt(stats.acked)} (+ probes)`);
if (stored < stats.acked) {
  console.error('FAILED: fewer spans stored than acknowledged');
  process.exit(1);
}
process.exit(0);
