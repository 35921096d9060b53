import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { ClickHouseError, ClickHouseLogLevel, createClient } from '@clickhouse/client';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineSilentError, isEngineUnreachable } from '../src/errors.ts';
import { openDb, queryRows } from '../src/index.ts';
import { SILENT_SERVER_GRACE_MS } from '../src/server-wait.ts';

/*
 * The failures of real @clickhouse/client requests to servers that are not there, as server mode
 * meets them when ClickHouse goes away: each must read as "unreachable", and an error the engine
 * answered with must not.
 */
const servers: Server[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listening(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer(onConnection);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** What a SELECT 1 through a real client against `url` fails with. */
async function failureOf(url: string, requestTimeoutMs = 5_000): Promise<unknown> {
  const client = createClient({ url, request_timeout: requestTimeoutMs, log: { level: ClickHouseLogLevel.OFF } });
  try {
    await client.query({ query: 'SELECT 1', format: 'JSONEachRow' });
    throw new Error(`${url} answered`);
  } catch (err) {
    return err;
  } finally {
    await client.close();
  }
}

describe('isEngineUnreachable', () => {
  it('a port nobody listens on: connection refused', async () => {
    const port = await listening(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    expect(isEngineUnreachable(await failureOf(`http://127.0.0.1:${port}`))).toBe(true);
  });

  it('a server that drops every connection: connection reset (socket hang up)', async () => {
    const port = await listening((socket) => socket.destroy());
    expect(isEngineUnreachable(await failureOf(`http://127.0.0.1:${port}`))).toBe(true);
  });

  it("a server that never answers: the client's request timeout", async () => {
    const port = await listening((socket) => sockets.push(socket));
    expect(isEngineUnreachable(await failureOf(`http://127.0.0.1:${port}`, 200))).toBe(true);
  });

  it('a host name that does not resolve', async () => {
    expect(isEngineUnreachable(await failureOf('http://clickhouse.invalid:8123'))).toBe(true);
  });

  it('a failure wrapped as the cause of another error, or among the errors of an AggregateError', async () => {
    const port = await listening((socket) => socket.destroy());
    const reset = await failureOf(`http://127.0.0.1:${port}`);
    expect(isEngineUnreachable(new Error('read failed', { cause: reset }))).toBe(true);
    expect(isEngineUnreachable(new AggregateError([new Error('other'), reset]))).toBe(true);
  });

  it('an error the engine answered with, or any other error, is not', () => {
    expect(
      isEngineUnreachable(new ClickHouseError({ message: 'Unknown table', code: '60', type: 'UNKNOWN_TABLE' })),
    ).toBe(false);
    expect(isEngineUnreachable(new Error('boom'))).toBe(false);
    expect(isEngineUnreachable('ECONNREFUSED')).toBe(false);
  });
});

describe('a read a server leaves unanswered', () => {
  const silentServer = async () => {
    const port = await listening((socket) => sockets.push(socket));
    return openDb({
      url: `http://127.0.0.1:${port}`,
      database: 'silent',
      readers: 1,
      createDatabase: false,
      logger: pino({ level: 'silent' }),
    });
  };

  it(`is given up ${SILENT_SERVER_GRACE_MS / 1000} s past its bound in the engine, as unreachable`, async () => {
    const db = await silentServer();
    const started = Date.now();
    const failure = await queryRows(db, {
      sql: 'SELECT 1 AS one',
      tag: 'test',
      settings: { max_execution_time: 0.5 },
      map: (r) => r.one,
    }).catch((err: unknown) => err);
    await db.close();
    expect(failure).toBeInstanceOf(EngineSilentError);
    expect(isEngineUnreachable(failure)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500 + SILENT_SERVER_GRACE_MS - 50);
  });

  it("is not cut at the minute of the client's request timeout when its bound is longer", {
    timeout: 120_000,
  }, async () => {
    // PromQL reads are bounded by PROMQL_TIMEOUT_MS, 2 minutes by default.
    const boundS = 62;
    const db = await silentServer();
    const started = Date.now();
    const failure = await queryRows(db, {
      sql: 'SELECT 1 AS one',
      tag: 'test',
      settings: { max_execution_time: boundS },
      map: (r) => r.one,
    }).catch((err: unknown) => err);
    await db.close();
    expect(failure).toBeInstanceOf(EngineSilentError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(boundS * 1000 + SILENT_SERVER_GRACE_MS - 50);
  });

  it("is the caller's own abort when the caller gives up first, not the engine's silence", async () => {
    const db = await silentServer();
    const failure = await queryRows(db, {
      sql: 'SELECT 1 AS one',
      tag: 'test',
      settings: { max_execution_time: 30 },
      signal: AbortSignal.timeout(200),
      map: (r) => r.one,
    }).catch((err: unknown) => err);
    await db.close();
    expect(failure).toBeInstanceOf(Error);
    expect(isEngineUnreachable(failure)).toBe(false);
  });
});
