import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The entry points a user starts. */
export const ENTRY = {
  server: 'apps/server/src/main.ts',
  ingest: 'apps/ingest-api/src/main.ts',
  query: 'apps/query-api/src/main.ts',
} as const;

export type ServiceProcess = {
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process ended. */
  exited: Promise<number | string>;
  baseUrl: string;
  port: number;
};

/**
 * Starts an entry point as a real child process (node + tsx, as `pnpm start` does) and waits
 * until it logs that it listens. `env` is the whole configuration; PORT defaults to 0 (any free
 * port, read back from the log line).
 */
export async function startService(
  env: Record<string, string>,
  entry: string = ENTRY.server,
  timeoutMs = 60_000,
): Promise<ServiceProcess> {
  const proc = spawnEntry(env, entry);
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no "listening" within ${timeoutMs} ms:\n${proc.output()}`)),
      timeoutMs,
    );
    const onData = () => {
      const m = /"port":(\d+)[^\n]*"msg":"listening"/.exec(proc.output());
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.child.stdout!.on('data', onData);
    proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before listening:\n${proc.output()}`));
    });
  });
  return { ...proc, port, baseUrl: `http://127.0.0.1:${port}` };
}

/** Spawns an entry point without waiting for anything (for processes expected to fail). */
export function spawnEntry(env: Record<string, string>, entry: string = ENTRY.server) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', OTLP_GRPC_PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  return { child, exited, output: () => out };
}
