import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer } from '../support/app.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * A client that goes away mid-body, or breaks the chunked framing, is not a server error: it is
 * logged at info and counted under status 499 (client closed request), so that a 500 on a
 * dashboard always means a bug.
 */
const lines: { level: number; msg: string; reason?: string; status?: number }[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('client-abort', {}, undefined, {
    write: (line: string) => void lines.push(JSON.parse(line)),
  });
});
afterAll(() => server?.close());

/** Sends `raw` on a new connection, then closes it after `closeAfterMs`; resolves once closed. */
function send(raw: string, closeAfterMs: number): Promise<void> {
  const url = new URL(server.baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      socket.write(raw);
      setTimeout(() => socket.destroy(), closeAfterMs);
    });
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => resolve());
  });
}

const auth = `Authorization: ${bearer().Authorization}\r\n`;

it('counts a client gone mid-body and a malformed chunk as 499 at info level, never as a 500', async () => {
  for (const path of ['/v1/l/batch', '/v1/metrics/batch', '/api/public/otel/v1/traces']) {
    await send(
      `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"trace":`,
      100,
    );
    await send(
      `POST ${path} HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n3\r\n{"t\r\nZZ\r\nxx\r\n`,
      300,
    );
  }
  await sleep(200);
  const metrics = await (await fetch(`${server.baseUrl}/metrics`, { headers: bearer() })).text();
  const count = (status: string) =>
    metrics
      .split('\n')
      .filter((l) => l.startsWith('spanhouse_http_requests_total{') && l.includes(`status="${status}"`))
      .reduce((n, l) => n + Number(l.split(' ').at(-1)), 0);
  expect(count('499')).toBe(6);
  expect(count('500')).toBe(0);
  const refused = lines.filter((l) => l.msg === 'request refused' && /closed the connection/.test(l.reason ?? ''));
  expect(refused.map((l) => l.level)).toEqual([30, 30, 30, 30, 30, 30]);
  expect(lines.filter((l) => l.msg === 'request' && l.status === 499)).toHaveLength(6);
  // pino levels: 30 info, 40 warn, 50 error.
  expect(lines.filter((l) => l.level >= 50)).toEqual([]);
});
