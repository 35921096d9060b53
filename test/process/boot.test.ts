import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launch, spawnService } from '../support/service-process.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-boot-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('start-up configuration', () => {
  it('bad configuration: exit code 78 and a message naming every bad variable', async () => {
    const proc = spawnService(
      { DATA_DIR: tempDir(), PORT: 'eighty', INGEST_FLUSH_INTERVAL_MS: '-5' },
      { credentials: false },
    );
    expect((await proc.exited).code).toBe(78);
    expect(proc.output()).toMatch(/invalid configuration/);
    expect(proc.output()).toMatch(/PORT/);
    expect(proc.output()).toMatch(/INGEST_FLUSH_INTERVAL_MS/);
  });

  it('the embedded default generates credentials once, prints them, and reuses them', async () => {
    const dataDir = tempDir();
    const first = await launch({ DATA_DIR: dataDir }, { credentials: false });
    const stored = JSON.parse(readFileSync(path.join(dataDir, 'credentials.json'), 'utf8'));
    expect(first.output()).toContain(`API_BEARER_TOKEN=${stored.bearerToken}`);
    expect(first.output()).toContain(`PUBLIC_KEY=${stored.publicKey}`);
    // Where to sign in with them: the web UI's address (printed just after "listening"), which
    // answers with the app.
    await expect.poll(() => first.output()).toContain(`web UI: http://127.0.0.1:${first.port}/`);
    const page = await fetch(`${first.base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const ok = await fetch(`${first.base}/api/public/traces`, {
      headers: { Authorization: `Bearer ${stored.bearerToken}` },
    });
    expect(ok.status).toBe(200);
    first.child.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);

    const second = await launch({ DATA_DIR: dataDir }, { credentials: false });
    expect(second.output()).toContain(`API_BEARER_TOKEN=${stored.bearerToken}`);
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  });

  it('server mode refuses to start without credentials', async () => {
    const proc = spawnService({ DATA_DIR: tempDir(), CLICKHOUSE_URL: 'http://127.0.0.1:1' }, { credentials: false });
    expect((await proc.exited).code).not.toBe(0);
    expect(proc.output()).toMatch(/API_BEARER_TOKEN, PUBLIC_KEY and SECRET_KEY/);
  });
});
