import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Why the real Prometheus cannot run here, or undefined when it can (Debian's `prometheus` package). */
export function prometheusMissing(): string | undefined {
  try {
    execFileSync('prometheus', ['--version'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return 'the prometheus binary is not installed (apt-get install prometheus; .ci/run installs it as root)';
  }
}

/** A free TCP port on loopback (bound, read, released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type RunningPrometheus = { url: string; stop: () => Promise<void>; output: () => string };

/**
 * A real Prometheus on loopback with its own temporary storage and config (`config`, YAML), the
 * remote-write receiver on, kept until `stop` (which removes the storage).
 */
export async function startPrometheus(config = 'scrape_configs: []\n'): Promise<RunningPrometheus> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spanhouse-prom-'));
  writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const port = await freePort();
  let out = '';
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      '--storage.tsdb.retention.time=10y',
      `--web.listen-address=127.0.0.1:${port}`,
      '--web.enable-remote-write-receiver',
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited:\n${out}`);
    try {
      if ((await fetch(`${url}/-/ready`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`prometheus not ready in 30 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
