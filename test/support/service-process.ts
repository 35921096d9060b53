import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const TOKEN = 'ops-token';
export const AUTH = { Authorization: `Bearer ${TOKEN}` };
export const CREDENTIALS_ENV = { API_BEARER_TOKEN: TOKEN, PUBLIC_KEY: 'pk-ops', SECRET_KEY: 'sk-ops' };

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** A service started as a real child process (node + tsx, as `pnpm start` runs it). */
export type Service = {
  child: ChildProcess;
  pid: number;
  port: number;
  base: string;
  exited: Promise<Exit>;
  /** Resolves when a log line's msg matches (lines already printed count). */
  waitForLog(msg: string, timeoutMs?: number): Promise<void>;
  /** The first log line printed with this msg, parsed, if any. */
  logged(msg: string): Record<string, unknown> | undefined;
  /** The last lines printed (stdout and stderr), for failure messages. */
  tail(): string;
  /** Resident set size now, from /proc (Linux). */
  rssBytes(): number;
  /** Every request the service logged (status and its own time for it, ms), in order. */
  requests: { status: number; ms: number; path: string }[];
};

export const tempDir = (label: string) => mkdtempSync(path.join(tmpdir(), `spanhouse-ops-${label}-`));

/**
 * Starts `entry` with `env` (PORT 0: any free port, read back from the "listening" log line).
 * `preload` modules are imported before the service (test-only fault injection). Log lines are
 * parsed one by one and only the last 200 are kept, so a long load test stays cheap.
 */
export async function launch(
  env: Record<string, string>,
  opts: { entry?: string; preload?: string[]; timeoutMs?: number } = {},
): Promise<Service> {
  const args = ['--import', 'tsx', ...(opts.preload ?? []).flatMap((p) => ['--import', p])];
  const child = spawn(process.execPath, [...args, opts.entry ?? 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      OTLP_GRPC_PORT: '0',
      LOG_LEVEL: 'info',
      ...CREDENTIALS_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  const seen = new Map<string, Record<string, unknown>>();
  const watchers: { msg: string; resolve: () => void }[] = [];
  let port = 0;
  const requests: Service['requests'] = [];
  const onLine = (line: string) => {
    recent.push(line);
    if (recent.length > 200) recent.shift();
    let msg: string | undefined;
    let parsed: { msg?: string; port?: number; status?: number; ms?: number; path?: string };
    try {
      parsed = JSON.parse(line) as typeof parsed;
      msg = parsed.msg;
      if (msg === 'listening' && parsed.port) port = parsed.port;
      if (msg === 'request') requests.push({ status: parsed.status ?? 0, ms: parsed.ms ?? 0, path: parsed.path ?? '' });
    } catch {
      return;
    }
    if (!msg || seen.has(msg)) return;
    seen.set(msg, parsed);
    for (const w of watchers.filter((x) => x.msg === msg)) w.resolve();
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (d: Buffer) => {
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop()!;
      for (const line of lines) onLine(line);
    });
  }
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const tail = () => recent.slice(-40).join('\n');
  const waitForLog = (msg: string, timeoutMs = 30_000) =>
    seen.has(msg)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const t = setTimeout(
            () => reject(new Error(`no log "${msg}" within ${timeoutMs} ms:\n${tail()}`)),
            timeoutMs,
          );
          watchers.push({
            msg,
            resolve: () => {
              clearTimeout(t);
              resolve();
            },
          });
          void exited.then(() => {
            clearTimeout(t);
            if (!seen.has(msg)) reject(new Error(`exited before logging "${msg}":\n${tail()}`));
          });
        });
  await waitForLog('listening', opts.timeoutMs ?? 60_000);
  return {
    child,
    pid: child.pid!,
    port,
    base: `http://127.0.0.1:${port}`,
    exited,
    waitForLog,
    logged: (msg) => seen.get(msg),
    requests,
    tail,
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
  };
}

/** SIGTERM and wait; SIGKILL if it does not stop in time. */
export async function stop(service: Service, timeoutMs = 30_000): Promise<Exit> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return service.exited;
  service.child.kill('SIGTERM');
  const t = setTimeout(() => service.child.kill('SIGKILL'), timeoutMs);
  const exit = await service.exited;
  clearTimeout(t);
  return exit;
}
