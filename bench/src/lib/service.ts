import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { launch, stop } from '@spanhouse/test/support/service-process.ts';
import { log } from './log.ts';
import { memoryOf, processTree } from './proc.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export type Service = {
  url: string;
  /** `127.0.0.1:<port>` of its OTLP/gRPC receiver (versions without one ignore OTLP_GRPC_PORT). */
  grpcAddress: string;
  token: string;
  pid: number;
  memory: () => { rss: number; peak: number };
  /** SIGTERM and wait for the exit (the service drains its buffers first). */
  stop: () => Promise<number | null>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Builds the service's bundle, as `pnpm start` does (turbo skips it when nothing changed). */
export function buildService(): void {
  execFileSync('pnpm', ['turbo', 'run', 'build', '--filter=@spanhouse/server', '--output-logs=errors-only'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 2, 2],
  });
}

/** The allocator settings of scripts/start.sh and the image (decision 0068). */
export const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/**
 * The environment a benchmarked service starts with: nothing of the caller's but PATH and HOME,
 * and the allocator settings the start script and the image give the service.
 */
function serviceEnv(port: number, grpcPort: number, token: string, dataDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    PORT: String(port),
    OTLP_GRPC_PORT: String(grpcPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    API_BEARER_TOKEN: token,
    LOG_LEVEL: 'warn',
    // A service launched without the script is measured as users run it.
    ...ALLOCATOR_ENV,
  };
}

/**
 * Runs the real service (apps/server's bundle, what `pnpm start` runs; see buildService) as a child
 * process on `dataDir`, through the tests' launcher (test/support/service-process.ts): one node
 * process, so its pid's RSS is the service's. `cpuProfDir` adds `node --cpu-prof` (written at exit).
 */
export async function startService(opts: {
  dataDir: string;
  env?: Record<string, string>;
  cpuProfDir?: string;
  /** Another checkout's entry point (its apps/server/src/main.ts, run through tsx), to compare versions. */
  entry?: string;
}): Promise<Service> {
  const port = await freePort();
  const grpcPort = await freePort();
  const token = randomBytes(16).toString('hex');
  // The node flags `pnpm start` runs the service with (scripts/start.sh: none), so the bench
  // measures that; BENCH_NODE_FLAGS adds others (space-separated), to measure a flag before adopting it.
  const nodeArgs = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  if (opts.cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`);
  // BENCH_SERVICE_ENTRY: another checkout's entry point (its apps/server/src/main.ts, run through
  // tsx), to measure a version against this one.
  const other = opts.entry ?? process.env.BENCH_SERVICE_ENTRY;
  const svc = await launch(
    { ...serviceEnv(port, grpcPort, token, opts.dataDir), ...opts.env },
    {
      entry: other ? other.slice(other.lastIndexOf('/apps/') + 1) : 'apps/server/dist/main.mjs',
      cwd: other ? other.slice(0, other.lastIndexOf('/apps/')) : REPO_ROOT,
      nodeArgs,
      credentials: false,
      ready: 'healthz',
      echo: true,
      timeoutMs: 180_000,
    },
  );
  const url = `http://127.0.0.1:${port}`;
  log(`service up at ${url} (pid ${svc.pid}, data ${opts.dataDir})`);
  return {
    url,
    grpcAddress: `127.0.0.1:${grpcPort}`,
    token,
    pid: svc.pid,
    memory: () => memoryOf(svc.pid),
    stop: async () => (await stop(svc, 60_000)).code,
  };
}

/**
 * The service as a user runs it: `pnpm start` from the repository root (the cached build, then the
 * bundle under pnpm), for the memory of every process that command runs. `pid` is the node process
 * serving (for its CPU); `rootPid` the pnpm process the command's tree hangs from.
 */
export async function startWithPnpm(opts: { dataDir: string }): Promise<Service & { rootPid: number }> {
  const port = await freePort();
  const grpcPort = await freePort();
  const token = randomBytes(16).toString('hex');
  const child = spawn('pnpm', ['start'], {
    cwd: REPO_ROOT,
    env: serviceEnv(port, grpcPort, token, opts.dataDir),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 180_000; ; ) {
    if (child.exitCode !== null) throw new Error(`pnpm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error('pnpm start not ready after 180 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const tree = () => processTree(child.pid!);
  const pid = tree().find((p) => readCmdline(p).includes('dist/main.mjs')) ?? child.pid!;
  log(`pnpm start up at ${url} (service pid ${pid})`);
  return {
    url,
    grpcAddress: `127.0.0.1:${grpcPort}`,
    token,
    pid,
    memory: () => memoryOf(pid),
    rootPid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

function readCmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}
