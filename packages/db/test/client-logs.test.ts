import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, expect, it, vi } from 'vitest';
import { openDb, queryRows } from '../src/index.ts';

/*
 * The ClickHouse client's own log lines (a request that failed, with its operation and query id)
 * go through the service's logger as JSON lines, never as the client's multi-line console text
 * beside them, which log collectors cannot parse: in an outage there is one for every request.
 */
afterEach(() => vi.restoreAllMocks());

it("writes the client's failures as JSON lines of the service's logger, not to the console", async () => {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));

  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const consoleError = vi.spyOn(console, 'error');
  const consoleWarn = vi.spyOn(console, 'warn');
  const db = await openDb({
    url: `http://127.0.0.1:${port}`,
    database: 'unreachable',
    readers: 1,
    createDatabase: false,
    logger: pino({ level: 'info' }, sink),
  });
  try {
    await expect(queryRows(db, { sql: 'SELECT 1 AS one', tag: 'test', map: (r) => r.one })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  } finally {
    await db.close();
  }
  expect(consoleError).not.toHaveBeenCalled();
  expect(consoleWarn).not.toHaveBeenCalled();
  const logged = lines.map((l) => JSON.parse(l) as unknown);
  expect(logged).toContainEqual(
    expect.objectContaining({
      module: 'clickhouse-client',
      msg: expect.stringContaining('HTTP request error'),
      err: expect.objectContaining({ code: 'ECONNREFUSED' }),
    }),
  );
});
