import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/** How long, and how much, a body nobody read is still taken in after the answer. */
const LINGER_MS = 30_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * After the answer to a request whose body was not read (one refused before its body, with 429
 * or 413), the rest of the body the client is still sending is read and thrown away, for up to
 * 30 s or 64 MiB, before the connection is closed. Closing at once, with the client still
 * sending, makes its kernel reset the connection, and the client sees ECONNRESET instead of the
 * answer (and its Retry-After); nginx's lingering close does the same. Needs the Node server's
 * own clean-up turned off (`autoCleanupIncoming: false`), which gives a client 500 ms only.
 */
export function lingerOnUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || incoming.readableEnded || incoming.destroyed || incoming.readableFlowing) return;
    // Read through the fetch body stream already: stop at once, as the stream's cancel does.
    if (c.req.raw.bodyUsed) return;
    let bytes = 0;
    const close = () => {
      clearTimeout(timer);
      incoming.socket?.destroySoon?.();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    incoming.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > LINGER_BYTES) close();
    });
    incoming.once('end', () => clearTimeout(timer));
    incoming.once('error', () => clearTimeout(timer));
    incoming.resume();
  };
}
