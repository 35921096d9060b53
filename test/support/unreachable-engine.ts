import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { type ClickHouseClient, type Db, openDb } from '@spanhouse/db';
import { createLogger } from '@spanhouse/http';

/**
 * How the engine goes away: nothing listens on its port; something accepts and drops every
 * connection; or something accepts and never answers (a hung server, a network that drops packets).
 */
export type Outage = 'connection refused' | 'connection reset' | 'no answer';

export type EngineThatGoesAway = {
  /** The handle to build the service on: the live database until cut(), an unreachable server after. */
  db: Db;
  /** From now on every call reaches a ClickHouse server address that fails as `outage` says. */
  cut(outage: Outage): Promise<void>;
  /** The engine is back: calls reach the live database again. */
  restore(): void;
  /** Closes the unreachable handles and the listeners; the live database is the caller's to close. */
  close(): Promise<void>;
};

/**
 * A database handle whose engine goes away after the service started, as a ClickHouse server that
 * stops answering in server mode: the service starts on `live` (a test database on chDB, which
 * has no network side of its own to cut), and once cut every call goes through a real
 * server-mode handle (openDb with a URL, the @clickhouse/client connections server mode uses) to
 * a local address that fails for real: a port nothing listens on (ECONNREFUSED), a TCP server
 * that destroys each connection it accepts (ECONNRESET, "socket hang up"), or one that holds each
 * connection without a byte in answer. Nothing answers in
 * ClickHouse's place. The writer and admin clients switch too, so a statement a route sends
 * directly fails the same way.
 */
export async function engineThatGoesAway(live: Db): Promise<EngineThatGoesAway> {
  let current: Db = live;
  const listeners: Server[] = [];
  const held: Socket[] = [];
  async function listeningPort(onConnection: (socket: Socket) => void): Promise<number> {
    const listener = createServer(onConnection);
    listeners.push(listener);
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    return (listener.address() as AddressInfo).port;
  }
  const unreachable: Db[] = [];

  const switching = (pick: (db: Db) => ClickHouseClient): ClickHouseClient =>
    new Proxy(pick(live), {
      get(_target, key) {
        const client = pick(current);
        const value = Reflect.get(client, key, client);
        return typeof value === 'function' ? value.bind(client) : value;
      },
    });

  const db: Db = {
    ...live,
    writer: switching((d) => d.writer),
    admin: switching((d) => d.admin),
    insertText: (params) => current.insertText(params),
    insertRowBinary: (insert) => current.insertRowBinary(insert),
    withReader: (fn, signal, boundMs) => current.withReader(fn, signal, boundMs),
    close: () => live.close(),
  };

  return {
    db,
    async cut(outage) {
      const port =
        outage === 'connection refused'
          ? await portNobodyListensOn()
          : await listeningPort(
              outage === 'connection reset' ? (socket) => socket.destroy() : (socket) => held.push(socket),
            );
      const server = await openDb({
        url: `http://127.0.0.1:${port}`,
        database: live.database,
        readers: 2,
        createDatabase: false,
        // The client's lines of each refused request, silent as the service's logs in tests.
        logger: createLogger(process.env.LOG_LEVEL ?? 'silent'),
      });
      unreachable.push(server);
      current = server;
    },
    restore() {
      current = live;
    },
    async close() {
      current = live;
      await Promise.all(unreachable.map((d) => d.close()));
      for (const socket of held) socket.destroy();
      await Promise.all(listeners.map((l) => new Promise<void>((resolve) => l.close(() => resolve()))));
    },
  };
}

/** A local port the OS just handed out and took back: connecting to it is refused. */
async function portNobodyListensOn(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
