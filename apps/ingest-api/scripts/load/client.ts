// HTTP for the load driver: node:http with kept-alive sockets (cheaper per request than fetch, so
// the client takes less of the CPU the service needs on a 2-core machine).
import http from 'node:http';

export type Reply = { status: number; body: Buffer };

export function makeClient(baseUrl: string, token: string, sockets: number) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const request = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
    new Promise<Reply>((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: { Authorization: `Bearer ${token}`, ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return {
    postOtlp: (body: Buffer, contentType: string) =>
      request(
        'POST',
        '/api/public/otel/v1/traces',
        { 'Content-Type': contentType, 'Content-Length': String(body.length) },
        body,
      ),
    get: (path: string) => request('GET', path, {}),
    close: () => agent.destroy(),
  };
}
