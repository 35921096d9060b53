import { Agent, request } from 'node:http';

/** One keep-alive agent per bench process: latency measures the service, not TCP setup. */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

export type HttpResult = { status: number; body: Buffer; ms: number };

/**
 * A request on node:http with keep-alive (lighter than fetch, so client overhead stays small next
 * to the service's latency). `ms` runs from sending to the last byte of the response.
 */
export function httpRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), ms: performance.now() - started }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.body !== undefined) req.end(opts.body);
    else req.end();
  });
}

/**
 * GET (with the bearer token, if any, and `headers`); throws unless 200 and returns the parsed JSON
 * and the latency.
 */
export async function getJson(
  url: string,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ json: unknown; ms: number }> {
  const auth: Record<string, string> = token === undefined ? {} : { Authorization: `Bearer ${token}` };
  const res = await httpRequest(url, { headers: { ...auth, ...headers } });
  if (res.status !== 200) throw new Error(`GET ${url} -> ${res.status}: ${res.body.toString().slice(0, 300)}`);
  return { json: JSON.parse(res.body.toString()), ms: res.ms };
}
