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
