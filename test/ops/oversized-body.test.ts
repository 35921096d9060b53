import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';

// A body one byte past the limit, declared by its Content-Length, sent whole by a client that reads
// the answer only once it has written the body (the simplest HTTP client, and any client that
// asks to close the connection after the answer). Every ingest path answers 413 without reading
// the body, and the client reads that answer: the service takes in what the client still sends
// before it closes the connection, so the client's kernel never turns unread bytes into a reset.
const LIMIT = 10 * 1024 * 1024;
const PATHS = [
  '/v1/l/batch',
  '/v1/metrics/batch',
  '/api/public/otel/v1/traces',
  '/api/public/otel/v1/metrics',
  '/api/public/otel/v1/logs',
  '/api/public/ingestion',
  '/api/public/scores',
  '/prometheus/api/v1/write',
];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('oversized-body', { BODY_LIMIT_BYTES: String(LIMIT) });
});
afterAll(async () => {
  await server?.close();
});

/** Sends headers and the whole body at once, then reads until the server closes: what it answered. */
function sendWhole(path: string, connection: 'close' | 'keep-alive'): Promise<{ answer: string; error?: string }> {
  const { port } = new URL(server.baseUrl);
  const body = Buffer.alloc(LIMIT + 1, 0x61);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d: Buffer) => {
      answer += d.toString('latin1');
      // A kept-alive connection stays open after the answer: the client closes it once answered.
      if (connection === 'keep-alive' && answer.includes('\r\n\r\n{') && answer.endsWith('}')) socket.end();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => resolve({ answer, error: err.code ?? err.message }));
    socket.on('close', () => resolve({ answer }));
    const auth = `Bearer ${server.credentials.bearerToken}`;
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: spanhouse\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: ${connection}\r\n\r\n`,
    );
    socket.write(body);
  });
}

describe('a declared body one byte past the limit', () => {
  for (const connection of ['close', 'keep-alive'] as const) {
    it.each(PATHS)(
      `%s answers 413 that a client sending the whole body reads (Connection: ${connection})`,
      async (path) => {
        const { answer, error } = await sendWhole(path, connection);
        expect(error).toBeUndefined();
        expect(answer).toMatch(/^HTTP\/1\.1 413 /);
        expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
      },
    );
  }
});

/** Node's own HTTP client: status, body and any error of one request whose body `send` writes. */
function request(
  path: string,
  headers: Record<string, string>,
  send: (req: http.ClientRequest) => void,
): Promise<{ status?: number; body: string; error?: string }> {
  const url = new URL(path, server.baseUrl);
  return new Promise((resolve) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${server.credentials.bearerToken}`,
        'Content-Type': 'application/json',
        ...headers,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => {
        resolve({ status: res.statusCode, body });
        // A body never sent in full: the connection cannot be reused.
        req.destroy();
      });
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ status: res.statusCode, body, error: err.code }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ body: '', error: err.code ?? err.message }));
    send(req);
  });
}

/** The answer is a 413 in the error shape, read without a connection error. */
function expectTooLarge({ status, body, error }: { status?: number; body: string; error?: string }): void {
  expect(error).toBeUndefined();
  expect(status).toBe(413);
  expect(JSON.parse(body)).toEqual({
    message: expect.stringContaining(String(LIMIT)),
    code: 'PAYLOAD_TOO_LARGE',
    data: null,
  });
}

describe('an over-long body through a real HTTP client', () => {
  it.each(PATHS)(
    '%s answers 413 from the declared Content-Length alone, before any byte of the body is sent',
    async (path) => {
      // Headers only: the body would never come, so an answer proves it was not waited for.
      const answer = await request(path, { 'Content-Length': String(LIMIT + 1) }, (req) => req.flushHeaders());
      expectTooLarge(answer);
    },
  );

  it.each(PATHS)(
    '%s answers 413 to a chunked body that grows past the limit, and the client reads it cleanly',
    async (path) => {
      const piece = Buffer.alloc(1024 * 1024, 0x61);
      const answer = await request(path, {}, (req) => {
        // 11 chunks of 1 MiB, no Content-Length: the limit is passed while the body is read.
        let left = 11;
        const more = () => {
          while (left > 0) {
            left--;
            if (!req.write(piece)) return void req.once('drain', more);
          }
          req.end();
        };
        more();
      });
      expectTooLarge(answer);
      // The service is unharmed: the next request on a new connection is answered as usual.
      const next = await fetch(new URL('/healthz', server.baseUrl));
      expect(next.status).toBe(200);
    },
  );
});
