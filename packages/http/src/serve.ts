import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { BaseEnv } from './base-app.ts';
import { errorBody } from './errors.ts';

export type Running = { port: number; stop: () => Promise<void> };

/**
 * How the service's HTTP server is made (with its fetch and host). Request bodies nobody read are
 * taken in by lingerOnUnreadBody (base-app.ts), for longer than the server's own clean-up would
 * wait. Request lines and headers are read up to Go's default limit (1 MiB), which Prometheus
 * serves: Grafana sends PromQL by GET when so configured, and a panel's query with a multi-value
 * variable runs past Node's default of 16 KiB (answered 431).
 */
export const NODE_SERVER_OPTIONS = {
  autoCleanupIncoming: false,
  serverOptions: { maxHeaderSize: 1024 * 1024 },
} as const;
const LISTEN_BACKLOG = 4096;

/**
 * Keeps idle client connections open for 65 s instead of Node's 5 s. A client (an exporter, a
 * load balancer) that keeps connections longer than the server would otherwise send a request
 * on a connection the server is closing at that moment, and get ECONNRESET; clients' own idle
 * timeouts are shorter than this (undici 4 s, most load balancers 60 s). Headers must then be
 * allowed a little longer still.
 */
export function keepConnectionsLonger(server: object): void {
  const http = server as { keepAliveTimeout?: number; headersTimeout?: number };
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
}

/**
 * Serves `app` and installs the graceful stop on SIGTERM/SIGINT: stop accepting connections,
 * let `drain` finish what was accepted (the ingest buffer drains here), then `close`,
 * then exit 0 (through `exit`). A second signal exits at once, with 1.
 */
export async function startServer(opts: {
  app: Hono<BaseEnv>;
  port: number;
  host: string;
  logger: Logger;
  /** Runs once the listener is closed to new connections (requests in flight still finish). */
  drain?: () => Promise<void>;
  close?: () => Promise<void>;
  /** Ends the process after a stop (or a second signal); process.exit unless given. */
  exit?: (code: number) => void;
}): Promise<Running> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let draining = false;
  // Once stopping, a request that still arrives (on a kept-alive connection) is refused with 503
  // and `Connection: close`, so clients retry elsewhere; requests already running finish.
  const fetch = (req: Request, env: unknown) =>
    draining
      ? new Response(
          JSON.stringify(errorBody('SERVICE_UNAVAILABLE', 'shutting down; retry against another instance')),
          {
            status: 503,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '5', Connection: 'close' },
          },
        )
      : opts.app.fetch(req, env);
  const server = createAdaptorServer({ fetch, hostname: opts.host, ...NODE_SERVER_OPTIONS });
  keepConnectionsLonger(server);
  // Node's default accept queue holds 511 connections: a burst of new connections (exporters
  // reconnecting at once, an open-loop load) beyond it while the loop is busy overflows it, and
  // those clients wait for SYN retransmits or get reset. The kernel caps this at somaxconn.
  server.listen({ port: opts.port, host: opts.host, backlog: LISTEN_BACKLOG });
  const listening = new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      draining = true;
      opts.logger.info('stopping: no new connections; draining');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would hold close() open; requests in flight keep theirs.
      (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      await listening.catch(() => undefined);
      await opts.drain?.();
      await closed;
      await opts.close?.();
      opts.logger.info('stopped');
    })();
    return stopping;
  };
  let signals = 0;
  const onSignal = (signal: string) => {
    if (++signals > 1) return exit(1);
    opts.logger.info({ signal }, 'signal received');
    stop().then(
      () => exit(0),
      (err) => {
        opts.logger.error({ err }, 'unclean stop');
        exit(1);
      },
    );
  };
  // Handlers go in before "listening" is logged: until a JS listener exists, Node leaves the
  // signal's default action (terminate) in place, so a supervisor that signals as soon as it sees
  // the line could otherwise kill the process without a drain.
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  await listening;
  const port = (server.address() as AddressInfo).port;
  opts.logger.info({ port, host: opts.host }, 'listening');
  return { port, stop };
}
