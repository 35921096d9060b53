import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, it } from 'vitest';
import { CREDENTIALS_ENV, REPO_ROOT } from '../support/service-process.ts';

// Server mode when ClickHouse is not up yet (containers start together; a server restarts): each
// entry point waits and retries with backoff instead of failing at once, and does not listen
// before its database is ready.
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

for (const entry of ['apps/ingest-api/src/main.ts', 'apps/query-api/src/main.ts']) {
  it(`${entry} waits for an unreachable ClickHouse, retrying, without listening`, { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: '0',
        LOG_LEVEL: 'info',
        ...CREDENTIALS_ENV,
        CLICKHOUSE_URL: `http://127.0.0.1:${await closedPort()}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const retries = () => out.split('\n').filter((l) => l.includes('ClickHouse not ready; retrying')).length;
    const deadline = Date.now() + 30_000;
    while (retries() < 2 && Date.now() < deadline && child.exitCode === null)
      await new Promise((r) => setTimeout(r, 100));
    expect(child.exitCode, out.slice(-2000)).toBeNull();
    expect(retries(), out.slice(-2000)).toBeGreaterThanOrEqual(2);
    expect(out).not.toContain('"msg":"listening"');
    child.kill('SIGKILL');
  });
}
