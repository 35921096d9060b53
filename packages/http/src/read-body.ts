import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { admissionTicket } from './admission.ts';
import { ApiError, badRequest } from './errors.ts';
import { gunzipLimited } from './inflate.ts';

export type BodyLimits = {
  /** Bytes of the body as sent (compressed, for gzip): 413 past it. */
  bodyBytes: number;
  /** Bytes of a gzip body once inflated: 413 past it, found while inflating. */
  decompressedBytes: number;
};

/**
 * The connection closed before the whole body arrived: the client went away, or broke the
 * framing (a malformed chunk size, which Node answers with 400 itself before closing). Not a
 * server error: logged at info and counted under status 499 ("client closed request", as nginx
 * names it); nobody is left to read an answer.
 */
export class ClientAbortError extends ApiError {
  override name = 'ClientAbortError';
  constructor(cause: unknown) {
    super(
      'BAD_REQUEST',
      `the client closed the connection before sending the whole body (${(cause as Error)?.message ?? cause})`,
    );
  }
  override get status(): ContentfulStatusCode {
    return 499 as ContentfulStatusCode;
  }
}

const overBudget = () => new ApiError('TOO_MANY_REQUESTS', 'ingest is at its limit of bytes in flight; retry later', 1);

/**
 * The request body as bytes, inflated when Content-Encoding says gzip. Sizes are checked while
 * reading and while inflating, never after: 413 past the limits, 429 when the bytes would take the
 * admission budget past its limit (see Admission), 415 for an encoding we do not take (saying
 * which we do, as RFC 9110 asks), 400 for a body cut off by the client. An admitted request resolves on its admission turn: the caller decodes
 * the body synchronously right after the await.
 */
export async function readBody(c: Context, limits: BodyLimits): Promise<Buffer> {
  const encoding = (c.req.header('content-encoding') ?? '').trim().toLowerCase();
  const gzip = encoding === 'gzip' || encoding === 'x-gzip';
  if (!gzip && encoding !== '' && encoding !== 'identity') {
    throw new ApiError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Encoding: '${encoding}' is not supported; send gzip or no encoding`,
      undefined,
      { 'Accept-Encoding': 'gzip' },
    );
  }
  const ticket = admissionTicket(c);
  const raw = await readAll(c, limits.bodyBytes, (n) => ticket?.hold(n) ?? true);
  if (!gzip) {
    await ticket?.turn();
    return raw;
  }
  if (raw.length === 0) throw badRequest('request body is empty; expected a gzip-compressed body');
  const inflated = await gunzipLimited(raw, limits.decompressedBytes, (n) => {
    if (ticket && !ticket.hold(raw.length + n)) throw overBudget();
  });
  ticket?.shrinkTo(inflated.length);
  await ticket?.turn();
  return inflated;
}

/**
 * The body's bytes as sent, whatever its Content-Encoding: for bodies the route decodes itself
 * (remote write's snappy). Limits and admission as readBody; see holdInflated for what it decodes.
 */
export async function readRawBody(c: Context, bodyBytes: number): Promise<Buffer> {
  const ticket = admissionTicket(c);
  const raw = await readAll(c, bodyBytes, (n) => ticket?.hold(n) ?? true);
  await ticket?.turn();
  return raw;
}

/** Holds `total` bytes (the body as received plus what the route decoded) for this request, or 429. */
export function holdInflated(c: Context, total: number): void {
  const ticket = admissionTicket(c);
  if (ticket && !ticket.hold(total)) throw overBudget();
}

/**
 * The body read to its end, `limit` and `hold` checked at each chunk. Read from Node's request
 * stream when the server is Node's and nothing has read the body yet; through the fetch body stream
 * otherwise (`app.request` in tests, another runtime). The Node stream skips the web stream Node
 * would wrap it in (Readable.toWeb), whose first use in a process delays that request, and
 * whose per-chunk promises every request pays (decision 0056).
 */
function readAll(c: Context, limit: number, hold: (total: number) => boolean): Promise<Buffer> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming && !c.req.raw.bodyUsed && !incoming.readableDidRead && incoming.listenerCount('data') === 0) {
    return readIncoming(incoming, limit, hold);
  }
  return readWebStream(c.req.raw.body, limit, hold);
}

/**
 * A body given up part way (413, 429) leaves the request paused with no listener of ours: the
 * rest is for lingerOnUnreadBody, which takes it in so the connection reaches its next request.
 */
function readIncoming(incoming: IncomingMessage, limit: number, hold: (total: number) => boolean): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (err: Error | undefined) => {
      if (settled) return;
      settled = true;
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
      if (err) {
        incoming.pause();
        reject(err);
      } else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(new ApiError('PAYLOAD_TOO_LARGE', `request body exceeds ${limit} bytes`));
      if (!hold(size)) return finish(overBudget());
      chunks.push(chunk);
    };
    const onEnd = () => finish(undefined);
    const onError = (err: Error) => finish(new ClientAbortError(err));
    // 'close' before 'end': the connection went away with the body unfinished.
    const onClose = () => {
      if (!incoming.readableEnded) finish(new ClientAbortError(new Error('connection closed')));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
    // A stream that ended, failed or closed before these listeners were added emits nothing more.
    if (incoming.readableEnded) onEnd();
    else if (incoming.errored) onError(incoming.errored);
    else if (incoming.destroyed) onClose();
  });
}

async function readWebStream(
  body: ReadableStream<Uint8Array> | null,
  limit: number,
  hold: (total: number) => boolean,
): Promise<Buffer> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    // preventCancel: a body given up part way (413, 429) is left to lingerOnUnreadBody, which takes
    // in the rest so the connection reaches its next request; cancelling it would destroy the
    // request stream but leave its socket open with nobody reading it.
    const chunksOf = (body as unknown as { values(o: { preventCancel: boolean }): AsyncIterable<Uint8Array> }).values({
      preventCancel: true,
    });
    for await (const chunk of chunksOf) {
      size += chunk.length;
      if (size > limit) throw new ApiError('PAYLOAD_TOO_LARGE', `request body exceeds ${limit} bytes`);
      if (!hold(size)) throw overBudget();
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ClientAbortError(err);
  }
  return Buffer.concat(chunks, size);
}

/** Body bytes as text, as Request.text() decodes them (UTF-8, a leading BOM dropped, bad bytes replaced). */
export function bodyText(body: Uint8Array): string {
  return new TextDecoder().decode(body);
}
