import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { residentKiB } from '../support/process-memory.ts';
import { type Exit, REPO_ROOT } from '../support/service-process.ts';
import { makeBatch } from '../support/traces.ts';

// `pnpm start` as a user runs it from a fresh clone: the build step in the script (turbo, here with
// an empty cache) makes the bundle, and the service runs from it with no TypeScript loader.

const dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-start-'));
const EXIT_HANDLERS_MARK = fileURLToPath(new URL('../support/ops/fixtures/exit-handlers-mark.mjs', import.meta.url));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `pid` and every process below it, with their command lines (Linux /proc). */
function processes(pid: number): { pid: number; command: string }[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree.map((p) => {
    try {
      return { pid: p, command: readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ') };
    } catch {
      return { pid: p, command: '' };
    }
  });
}

/** The last `n` lines of a process's output, for a failure message. */
const lastLines = (out: string, n = 40) => out.trimEnd().split('\n').slice(-n).join('\n');

/**
 * Waits until `child`'s service logs that it listens: its port, how it ends, and its output so
 * far. `ended()` is the ending with the output's last lines, as a failure message shows both.
 */
async function untilListening(child: ChildProcess) {
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  // 'close', not 'exit': the output is read to its end by then, so the last lines are all there.
  const exited = new Promise<Exit>((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening:\n${out}`)), 170_000);
    child.stdout!.on('data', () => {
      const m = /"port":(\d+)[^\n]*"msg":"listening"/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    void exited.then(() => reject(new Error(`exited before listening:\n${out}`)));
  });
  const ended = async () => {
    const ending = await exited;
    return {
      ending,
      message: `ended with code ${ending.code}, signal ${ending.signal}; last lines:\n${lastLines(out)}`,
    };
  };
  return { ended, port, output: () => out };
}

describe('pnpm start', () => {
  it('builds the bundle and serves from it, then stops cleanly on SIGTERM', { timeout: 180_000 }, async () => {
    const token = 'start-test-token';
    const child = spawn('pnpm', ['start'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        TURBO_CACHE_DIR: path.join(dir, 'turbo-cache'),
        PORT: '0',
        OTLP_GRPC_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        API_BEARER_TOKEN: token,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { ended, port, output } = await untilListening(child);
    // The service is the node process running the bundle (the shell's command line names it too).
    const service = processes(child.pid!).find((p) => /^\S*node .*main\.mjs/.test(p.command));
    try {
      expect(service?.command).toContain('apps/server/dist/main.mjs');
      expect(processes(child.pid!).some((p) => p.command.includes('tsx'))).toBe(false);
      // The service is pnpm's own child, with no shell between them: a SIGTERM sent to pnpm (a
      // supervisor stopping the command it started) reaches the service instead of leaving it
      // running without a parent.
      expect(processes(child.pid!).map((p) => p.pid)).toEqual([child.pid, service?.pid]);
      // Starting touches about 200 MiB of the engine's library; once listening, the service gives
      // back the pages it no longer runs, so the library holds well under that in memory.
      let engineCode = residentKiB(service!.pid, '/libchdb.so');
      for (let i = 0; i < 50 && engineCode >= 100 * 1024; i++) {
        await new Promise((r) => setTimeout(r, 100));
        engineCode = residentKiB(service!.pid, '/libchdb.so');
      }
      expect(engineCode).toBeGreaterThan(0);
      expect(engineCode).toBeLessThan(100 * 1024);
      const base = `http://127.0.0.1:${port}`;
      const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      const batch = makeBatch();
      // Answered once readable, so the read below sees it.
      const stored = await fetch(`${base}/v1/l/batch`, {
        method: 'POST',
        headers: { ...auth, 'Spanhouse-Wait': 'commit' },
        body: JSON.stringify(batch),
      });
      expect(stored.status).toBe(200);
      const read = await fetch(`${base}/api/public/traces/${batch.trace.id}`, { headers: auth });
      expect(((await read.json()) as { observations: unknown[] }).observations).toHaveLength(2);
      // The bundle finds the built web UI from where it runs, as the source does.
      for (const page of ['/', '/traces', `/traces/${batch.trace.id}?search=x`]) {
        const res = await fetch(`${base}${page}`);
        expect(res.status, page).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toMatch(/<script[^>]+src="\/assets\//);
      }
    } finally {
      // As an orchestrator stops it: SIGTERM to the service, which drains and exits 0; pnpm with it.
      if (service) process.kill(service.pid, 'SIGTERM');
      else child.kill('SIGKILL');
    }
    const { ending, message } = await ended();
    expect(ending, message).toEqual({ code: 0, signal: null });
    expect(output()).toMatch(/"msg":"stopped"/);
  });
});

describe('scripts/start.sh', () => {
  it('leaves one process, the service itself: no wrapper stays resident above it', { timeout: 180_000 }, async () => {
    const child = spawn(path.join(REPO_ROOT, 'scripts', 'start.sh'), [], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        PORT: '0',
        OTLP_GRPC_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data-exec'),
        API_BEARER_TOKEN: 'start-exec-token',
        LOG_LEVEL: 'info',
        // An operator's own value is kept; the script sets the other.
        MALLOC_ARENA_MAX: '4',
        // Marks whether the exit handlers ran (they must not: see the end).
        NODE_OPTIONS: `--import=${EXIT_HANDLERS_MARK}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { ended, port, output } = await untilListening(child);
    try {
      // The process started is the one serving: the shell replaced itself with node, and the build
      // step left nothing behind.
      const tree = processes(child.pid!);
      expect(tree.map((p) => p.command)).toEqual([expect.stringMatching(/^\S*node .*apps\/server\/dist\/main\.mjs/)]);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // The allocator's settings reach the service (glibc reads them from its environment at start).
      const environ = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
      expect(environ).toContain('MALLOC_ARENA_MAX=4');
      expect(environ).toContain('MALLOC_MMAP_THRESHOLD_=131072');
    } finally {
      child.kill('SIGTERM');
    }
    const { ending, message } = await ended();
    expect(ending, message).toEqual({ code: 0, signal: null });
    // Stopped, then ended without the exit handlers: the embedded engine's would tear its state
    // down under its own background threads, which could crash (SIGSEGV after "stopped").
    expect(output()).toMatch(/"msg":"stopped"/);
    // (The build step's node processes run theirs: only the service's own line counts.)
    expect(output()).not.toContain(`"msg":"exit handlers ran","code":0,"pid":${child.pid}}`);
  });
});
