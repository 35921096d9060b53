// The real service (apps/server/src/main.ts, what `pnpm start` runs) as a child process for the
// load driver: its own port and data folder, optional `node --cpu-prof`, RSS sampled from /proc.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export type Service = {
  url: string;
  token: string;
  pid: number;
  /** Highest RSS seen so far, bytes (sampled every 200 ms). */
  peakRss: () => number;
  /** SIGTERM, then wait for the exit (the service drains its buffers first; the profile is written). */
  stop: () => Promise<number | null>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

export function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by a process (all threads) and by its main thread, from /proc (Linux). */
export function cpuOf(pid: number): { total: number; main: number } {
  const ticks = (file: string) => {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
      const fields = readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
    } catch {
      return Number.NaN;
    }
  };
  return { total: ticks(`/proc/${pid}/stat`), main: ticks(`/proc/${pid}/task/${pid}/stat`) };
}

/** CPU seconds by thread name (V8 and libuv threads are all "node"; chDB names its own). */
export function cpuByThread(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  let tids: string[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return out;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(name, (out.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the thread ended
    }
  }
  return out;
}

export async function startService(opts: {
  dataDir: string;
  env?: Record<string, string>;
  cpuProfDir?: string;
  /** Node flags, as `pnpm start` passes them (root package.json). */
  nodeFlags?: string[];
}): Promise<Service> {
  const port = await freePort();
  const token = `load-${process.pid}-${Date.now()}`;
  const args = [...(opts.nodeFlags ?? []), '--import', 'tsx'];
  if (opts.cpuProfDir) args.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`);
  args.push('apps/server/src/main.ts');
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      API_BEARER_TOKEN: token,
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited with ${child.exitCode} before it was ready`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('service not ready after 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  let peak = rssOf(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 200);
  return {
    url,
    token,
    pid,
    peakRss: () => peak,
    async stop() {
      clearInterval(sampler);
      child.kill('SIGTERM');
      return exited;
    },
  };
}
