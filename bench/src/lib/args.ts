import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { INGEST_PATHS, type IngestPath } from '../ingest/bodies.ts';

export const SUITES = [
  'trace-queries',
  'trace-ingest',
  'otlp-decode',
  'metrics',
  'prometheus',
  'large-labels',
  'start',
  'ingest-log',
  'overload',
  'ingest-ab',
  'write-path-ab',
  'insert-formats',
  'auth',
  'project-migration',
  'projects-ab',
  'project-metrics',
  'search-indexes',
  'lifecycle',
] as const;
export type Suite = (typeof SUITES)[number];

/** Suites that run only when named: they check out and install another version of the service, or load a data set of their own. */
const NAMED_ONLY: readonly Suite[] = [
  'ingest-ab',
  'write-path-ab',
  'insert-formats',
  'project-migration',
  'projects-ab',
  'project-metrics',
  'lifecycle',
];

export type BenchOptions = {
  suites: Suite[];
  smoke: boolean;
  /** Traces in the query data set. */
  traces: number;
  /** Projects the query data set's traces are spread over (trace-queries reads the first). */
  projects: number;
  /** Timed requests per query scenario. */
  runs: number;
  /** Where data sets, service data folders and results go. */
  dir: string;
  /** Reload the trace data set even when a complete one is there. */
  reload: boolean;
  /** Write node --cpu-prof profiles of the service into <dir>/profiles. */
  profile: boolean;
  /** Only query scenarios whose name matches (trace-queries), or the prometheus suite's parts. */
  only?: RegExp;
  /** Ingest phase length per path, seconds. */
  ingestSeconds: number;
  /** Concurrent clients per ingest path (throughput is latency-bound with few). */
  clients: number;
  /** The version `ingest-ab`, `write-path-ab` and `projects-ab` compare this one with (a git revision; each has its default). */
  baseline?: string;
  /** Only these trace-ingest paths, in this order (default: all). */
  ingestPaths?: IngestPath[];
  /** The version the `prometheus` suite measures beside this one (a git revision; `none` for none). */
  promBaseline: string;
};

const HELP = `pnpm bench [suite...] [options]

suites: ${SUITES.join(', ')} (default: all but ${NAMED_ONLY.join(', ')})
  --smoke            small data sets and few runs; metrics peers only when installed (CI installs them)
  --traces N         traces in the query data set (default 1000000; smoke 5000)
  --projects N       spread them over N projects, traces/N each; queries read the first project (default 1);
                     project-metrics spreads the metrics data set over N (default 20)
  --runs N           timed requests per trace query (default 200; smoke 3)
  --ingest-seconds S length of each ingest phase (default 20; smoke 3)
  --clients N        concurrent clients per ingest path (default 8; smoke 2)
  --ingest-paths P   trace-ingest paths to run, comma-separated, in order (default all: ${INGEST_PATHS.join(',')});
                     otlp-grpc sends otlp-protobuf's bodies over OTLP/gRPC
  --dir PATH         working folder (default $BENCH_DIR or \${TMPDIR:-/tmp}/spanhouse-bench)
  --reload           regenerate the trace data set even if a complete one exists
  --only REGEX       only trace query scenarios whose name matches; in prometheus, only its parts that
                     match (reference, refresh, ratio, at-once, compliance; the data is always loaded);
                     in lifecycle, its parts (deletions, retention)
  --profile          node --cpu-prof the service (profiles in <dir>/profiles)
  --baseline REV     the version ingest-ab (default d25c880, before the ingest log), write-path-ab
                     (default d4e8459, before issue 29's write path work) or projects-ab (default
                     7e5b33f, before projects) measures beside this one
  --prom-baseline REV the version the prometheus suite measures beside this one (default d4e8459, before
                     the PromQL engine; none under --smoke; none: this version alone)
`;

export function parseBenchArgs(argv: string[]): BenchOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      smoke: { type: 'boolean', default: false },
      traces: { type: 'string' },
      projects: { type: 'string' },
      runs: { type: 'string' },
      'ingest-seconds': { type: 'string' },
      clients: { type: 'string' },
      dir: { type: 'string' },
      reload: { type: 'boolean', default: false },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      baseline: { type: 'string' },
      'ingest-paths': { type: 'string' },
      'prom-baseline': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const unknown = positionals.filter((p) => !(SUITES as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`unknown suite ${unknown.join(', ')}; one of ${SUITES.join(', ')}`);
  const smoke = values.smoke ?? false;
  const int = (s: string | undefined, dflt: number, name: string) => {
    if (s === undefined) return dflt;
    const n = Number(s);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  return {
    suites: positionals.length ? (positionals as Suite[]) : SUITES.filter((s) => !NAMED_ONLY.includes(s)),
    smoke,
    traces: int(values.traces, smoke ? 5000 : 1_000_000, 'traces'),
    projects: int(values.projects, 1, 'projects'),
    // The smoke run (CI) checks that every query answers, not its percentiles: 3 timed requests.
    runs: int(values.runs, smoke ? 3 : 200, 'runs'),
    ingestSeconds: int(values['ingest-seconds'], smoke ? 3 : 20, 'ingest-seconds'),
    clients: int(values.clients, smoke ? 2 : 8, 'clients'),
    dir: path.resolve(values.dir ?? process.env.BENCH_DIR ?? path.join(os.tmpdir(), 'spanhouse-bench')),
    reload: values.reload ?? false,
    profile: values.profile ?? false,
    only: values.only ? new RegExp(values.only, 'i') : undefined,
    baseline: values.baseline,
    ingestPaths: values['ingest-paths']?.split(',').map((p) => {
      if (!(INGEST_PATHS as string[]).includes(p))
        throw new Error(`--ingest-paths: ${p} is not one of ${INGEST_PATHS.join(', ')}`);
      return p as IngestPath;
    }),
    // The smoke run (CI) checks that the suites run, not the A/B: no other version to check out and build.
    promBaseline: values['prom-baseline'] ?? (smoke ? 'none' : 'd4e8459'),
  };
}
