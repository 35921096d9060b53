import { LangfuseClient } from '@langfuse/client';
import { Langfuse } from 'langfuse';
import { basic, WAIT_FOR_COMMIT } from './app.ts';
import type { TestServer } from './server.ts';

/**
 * Both Langfuse SDKs pointed at a test server with its key pair: the current @langfuse/client
 * (answered once its writes are readable) and the legacy langfuse package; `shutdown` ends both.
 */
export function langfuseClients(server: TestServer) {
  const keys = { publicKey: server.credentials.publicKey, secretKey: server.credentials.secretKey };
  const client = new LangfuseClient({ ...keys, baseUrl: server.baseUrl, additionalHeaders: WAIT_FOR_COMMIT });
  const legacy = new Langfuse({ ...keys, baseUrl: server.baseUrl });
  return {
    client,
    legacy,
    async shutdown() {
      await client.shutdown();
      await legacy.shutdownAsync();
    },
  };
}

/** A JSON request to the server (Basic auth with its keys unless `headers` say otherwise): status and parsed body. */
export async function callJson(
  server: TestServer,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = basic(),
): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}
