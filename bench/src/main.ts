import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { otlpDecodeSuite } from './decode/suite.ts';
import { traceIngestSuite } from './ingest/suite.ts';
import { ingestAbSuite } from './ingest-log/ab.ts';
import { overloadSuite } from './ingest-log/overload.ts';
import { ingestLogSuite } from './ingest-log/suite.ts';
import { insertFormatsSuite } from './ingest-log/insert-formats.ts';
import { writePathAbSuite } from './ingest-log/write-path-ab.ts';
import { parseBenchArgs } from './lib/args.ts';
import { log } from './lib/log.ts';
import { loadAverage } from './lib/proc.ts';
import { buildService } from './lib/service.ts';
import { lifecycleSuite } from './lifecycle/suite.ts';
import { largeLabelsSuite } from './metrics/large-labels.ts';
import { metricsSuite } from './metrics/suite.ts';
import { authSuite } from './projects/auth.ts';
import { projectsAbSuite } from './projects/ingest-ab.ts';
import { projectMetricsSuite } from './projects/metrics-ab.ts';
import { projectMigrationSuite } from './projects/migration.ts';
import { prometheusSuite } from './prometheus/suite.ts';
import { searchIndexSuite } from './search/suite-indexes.ts';
import { startSuite } from './start/suite.ts';
import { traceQuerySuite } from './traces/suite-queries.ts';

// `pnpm bench`: every suite, markdown on stdout (progress on stderr), a copy in <dir>/results.
const opts = parseBenchArgs(process.argv.slice(2).filter((a) => a !== '--'));
// The service runs as `pnpm start` runs it: the bundle of apps/server (turbo skips an unchanged build).
buildService();
mkdirSync(opts.dir, { recursive: true });
const started = new Date();
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const sections: string[] = [
  `## spanhouse bench ${started.toISOString().slice(0, 16)}Z${opts.smoke ? ' (smoke)' : ''}`,
  '',
  `Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, Node ${process.version}, ${os.type()} ${os.release()}.`,
  `Load average at start: ${loadAverage()} (other work on the machine skews every figure).`,
  '',
];
for (const suite of opts.suites) {
  log(`suite ${suite}`);
  if (suite === 'trace-queries') sections.push(await traceQuerySuite(opts), '');
  if (suite === 'trace-ingest') sections.push(await traceIngestSuite(opts), '');
  if (suite === 'otlp-decode') sections.push(await otlpDecodeSuite(opts), '');
  if (suite === 'metrics') sections.push(await metricsSuite(opts), '');
  if (suite === 'prometheus') sections.push(await prometheusSuite(opts), '');
  if (suite === 'large-labels') sections.push(await largeLabelsSuite(opts), '');
  if (suite === 'start') sections.push(await startSuite(opts), '');
  if (suite === 'ingest-log') sections.push(await ingestLogSuite(opts), '');
  if (suite === 'overload') sections.push(await overloadSuite(opts), '');
  if (suite === 'ingest-ab') sections.push(await ingestAbSuite(opts), '');
  if (suite === 'write-path-ab') sections.push(await writePathAbSuite(opts), '');
  if (suite === 'insert-formats') sections.push(await insertFormatsSuite(opts), '');
  if (suite === 'auth') sections.push(await authSuite(opts), '');
  if (suite === 'project-migration') sections.push(await projectMigrationSuite(opts), '');
  if (suite === 'projects-ab') sections.push(await projectsAbSuite(opts), '');
  if (suite === 'project-metrics') sections.push(await projectMetricsSuite(opts), '');
  if (suite === 'search-indexes') sections.push(await searchIndexSuite(opts), '');
  if (suite === 'lifecycle') sections.push(await lifecycleSuite(opts), '');
}
sections.push(`Load average at end: ${loadAverage()}; took ${Math.round((Date.now() - started.getTime()) / 1000)} s.`);
const report = sections.join('\n');
const resultsDir = path.join(opts.dir, 'results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `${started.toISOString().replace(/[:.]/g, '').slice(0, 15)}Z.md`);
writeFileSync(file, `${report}\n`);
process.stdout.write(`${report}\n`);
log(`report written to ${file}`);
