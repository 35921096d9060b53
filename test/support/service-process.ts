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

/** A service started as a real child process (its entry through tsx, or its bundle, as `pnpm start` runs it). */
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

/** How a service is started: which entry, with which node flags, and how to know it is up. */
export type LaunchOptions = {
  /** The entry to run, relative to `cwd`: TypeScript through tsx, or a bundle (`.mjs`) as it is. */
  entry?: string;
  /** The checkout to run it in (another one, to compare versions); default this repository. */
  cwd?: string;
  /** Node flags before the entry (e.g. `--max-semi-space-size=32`, `--cpu-prof`). */
  nodeArgs?: string[];
  /** Modules imported before the service (test-only fault injection). */
  preload?: string[];
  /** Whether to set this file's credentials (CREDENTIALS_ENV); without them the service generates its own. */
  credentials?: boolean;
  /** How to know it is up: its "listening" log line (needs LOG_LEVEL info), or GET /healthz. */
  ready?: 'log' | 'healthz';
  /** Copy every line the service prints to this process's stderr (benchmarks). */
  echo?: boolean;
  timeoutMs?: number;
};

/** A service process not yet known to be up (see launch). */
export type Spawned = Omit<Service, 'port' | 'base'> & {
  /** Every line printed so far (the last 200; stdout and stderr). */
  output(): string;
};

/**
 * Spawns `opts.entry` with `env` (and PATH, HOST, PORT 0: any free port, LOG_LEVEL info unless
 * `env` says otherwise), without waiting for anything: for processes expected to fail, and the
 * first half of launch. Log lines are parsed one by one and only the last 200 are kept, so a long
 * load test stays cheap.
 */
export function spawnService(env: Record<string, string>, opts: LaunchOptions = {}): Spawned {
  const entry = opts.entry ?? 'apps/server/src/main.ts';
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const args = [...(opts.nodeArgs ?? []), ...loader, ...(opts.preload ?? []).flatMap((p) => ['--import', p]), entry];
  const credentials = (opts.credentials ?? true) ? CREDENTIALS_ENV : {};
  const child = spawn(process.execPath, args, {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...credentials, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const recent: string[] = [];
  const seen = new Map<string, Record<string, unknown>>();
  const watchers: { msg: string; resolve: () => void }[] = [];
  const requests: Service['requests'] = [];
  const onLine = (line: string) => {
    if (opts.echo) process.stderr.write(`${line}\n`);
    recent.push(line);
    if (recent.length > 200) recent.shift();
    let msg: string | undefined;
    let parsed: { msg?: string; port?: number; status?: number; ms?: number; path?: string };
    try {
      parsed = JSON.parse(line) as typeof parsed;
      msg = parsed.msg;
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
  return {
    child,
    pid: child.pid!,
    exited,
    waitForLog,
    logged: (msg) => seen.get(msg),
    requests,
    tail,
    output: () => recent.join('\n'),
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
  };
}

/**
 * Starts a service (see spawnService) and waits until it is up: its "listening" log line (the
 * port is read from it, for PORT 0), or with `ready: 'healthz'` GET /healthz answering on the
 * port `env.PORT` names. The one launcher of the tests and the benchmarks.
 */
export async function launch(env: Record<string, string>, opts: LaunchOptions = {}): Promise<Service & Spawned> {
  const s = spawnService(env, opts);
  const timeoutMs = opts.timeoutMs ?? 60_000;
  let port: number;
  if (opts.ready === 'healthz') {
    port = Number(env.PORT);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (s.child.exitCode !== null) throw new Error(`exited (${s.child.exitCode}) before it was ready:\n${s.tail()}`);
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) {
        s.child.kill('SIGKILL');
        throw new Error(`not ready after ${timeoutMs} ms:\n${s.tail()}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } else {
    await s.waitForLog('listening', timeoutMs);
    port = Number(s.logged('listening')?.port);
  }
  return { ...s, port, base: `http://127.0.0.1:${port}` };
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
