import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log } from '../lib/log.ts';
import { cpuSecondsOf, memoryOf } from '../lib/proc.ts';
import { freePort } from '../lib/service.ts';

export type Peer = {
  name: 'VictoriaMetrics' | 'Prometheus';
  url: string;
  /** Remote-write receive path. */
  writePath: string;
  /** Prefix of the Prometheus query API. */
  apiPath: string;
  pid: number;
  cpuSeconds: () => number;
  memory: () => { rss: number; peak: number };
  stop: () => Promise<void>;
};

export const onPath = (bin: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

async function start(
  name: Peer['name'],
  bin: string,
  args: string[],
  ready: string,
  dir: string,
): Promise<Omit<Peer, 'writePath' | 'apiPath'> & { port: number }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    bin,
    args.map((a) => a.replace('$PORT', String(port))),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let err = '';
  child.stderr!.on('data', (d) => (err = (err + d).slice(-4000)));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited: ${err}`);
    try {
      if ((await fetch(`${url}${ready}`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${name} not ready in 60 s: ${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid!;
  log(`${name} on ${url} (pid ${pid}, data in ${dir})`);
  return {
    name,
    url,
    port,
    pid,
    cpuSeconds: () => cpuSecondsOf(pid),
    memory: () => memoryOf(pid),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** VictoriaMetrics on loopback, a fresh data folder, long retention (the data set is dated 2026-01-01). */
export async function startVictoriaMetrics(dir: string): Promise<Peer> {
  rmSync(dir, { recursive: true, force: true });
  const p = await start(
    'VictoriaMetrics',
    'victoria-metrics',
    [
      '-httpListenAddr=127.0.0.1:$PORT',
      `-storageDataPath=${dir}`,
      '-retentionPeriod=10y',
      '-memory.allowedBytes=1GiB',
      '-loggerLevel=WARN',
    ],
    '/health',
    dir,
  );
  return { ...p, writePath: '/api/v1/write', apiPath: '/api/v1' };
}

/** Prometheus on loopback with its remote-write receiver on, no scrapes, a fresh TSDB. */
export async function startPrometheus(dir: string): Promise<Peer> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'prometheus.yml'), 'scrape_configs: []\n');
  const p = await start(
    'Prometheus',
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      '--storage.tsdb.retention.time=10y',
      '--web.listen-address=127.0.0.1:$PORT',
      '--web.enable-remote-write-receiver',
      '--log.level=warn',
    ],
    '/-/ready',
    dir,
  );
  return { ...p, writePath: '/api/v1/write', apiPath: '/api/v1' };
}
