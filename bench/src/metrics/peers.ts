import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log } from '../lib/log.ts';
import { memoryOf } from '../lib/proc.ts';
import { freePort } from '../lib/service.ts';

/** The peers of the metrics suite, from Debian's packages `victoria-metrics` and `prometheus`. */
export type Peer = {
  name: 'VictoriaMetrics' | 'Prometheus';
  url: string;
  pid: number;
  memory: () => { rss: number; peak: number };
  stop: () => Promise<void>;
};

const onPath = (bin: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Whether both peers' binaries are installed (.ci/run installs them as root). */
export const peersInstalled = () => onPath('victoria-metrics') && onPath('prometheus');

async function startPeer(
  name: Peer['name'],
  bin: string,
  args: (port: number) => string[],
  readyPath: string,
  logFile: string,
): Promise<Peer> {
  const port = await freePort();
  const child: ChildProcess = spawn(bin, args(port), { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${name} not ready after 120 s: ${stderr}`);
    }
  }
  log(`${name} up at ${url} (pid ${child.pid})`);
  return {
    name,
    url,
    pid: child.pid!,
    memory: () => memoryOf(child.pid!),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
      if (stderr.trim()) writeFileSync(logFile, stderr);
    },
  };
}

/**
 * VictoriaMetrics on a fresh data folder, on loopback only: a long retention (the data set is dated
 * 2026-01-01, and samples older than the retention are refused), its result cache off so repeated
 * benchmark queries are computed from storage as Prometheus computes them.
 */
export function startVictoriaMetrics(dir: string): Promise<Peer> {
  const data = path.join(dir, 'vm-data');
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true });
  return startPeer(
    'VictoriaMetrics',
    'victoria-metrics',
    (port) => [
      `-httpListenAddr=127.0.0.1:${port}`,
      `-storageDataPath=${data}`,
      '-retentionPeriod=10y',
      '-memory.allowedBytes=1GiB',
      '-loggerLevel=WARN',
      '-search.disableCache',
    ],
    '/health',
    path.join(dir, 'vm.log'),
  );
}

/**
 * Prometheus on a fresh data folder, on loopback only, with no scrape targets (Debian's default
 * configuration scrapes itself and node_exporter) and the remote-write receiver on.
 */
export function startPrometheus(dir: string): Promise<Peer> {
  const data = path.join(dir, 'prom-data');
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true });
  const config = path.join(dir, 'prometheus.yml');
  writeFileSync(config, 'global:\n  scrape_interval: 1h\n  evaluation_interval: 1h\nscrape_configs: []\n');
  return startPeer(
    'Prometheus',
    'prometheus',
    (port) => [
      `--config.file=${config}`,
      `--web.listen-address=127.0.0.1:${port}`,
      `--storage.tsdb.path=${data}`,
      '--storage.tsdb.retention.time=10y',
      '--web.enable-remote-write-receiver',
      '--log.level=warn',
    ],
    '/-/ready',
    path.join(dir, 'prometheus.log'),
  );
}
