import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { MiddlewareHandler } from 'hono';

/** How long, and how much, a body nobody read is still taken in after the answer. */
const LINGER_MS = 30_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * After the answer to a request whose body was not read, or read in part (one refused before its
 * body or while reading it, with 429 or 413), the rest of the body the client is still sending is read and thrown away, for up to
 * 30 s or 64 MiB, before the connection is closed. Closing at once, with the client still
 * sending, makes its kernel reset the connection, and the client sees ECONNRESET or EPIPE instead
 * of the answer (and its Retry-After); nginx's lingering close does the same. Needs the Node
 * server's own clean-up turned off (`autoCleanupIncoming: false`), which gives a client 500 ms only.
 *
 * A connection the server closes after this answer (the client sent `Connection: close`, or
 * HTTP/1.0) is closed only once the body has been taken in: its write side is shut after the
 * answer, so the client reads the answer and its end, and the socket goes once the rest of the
 * body arrived (or the limits are reached).
 */
export function lingerOnUnreadBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || incoming.readableEnded || incoming.destroyed) return;
    if (c.req.raw.bodyUsed) {
      // Read in part through the fetch body stream and given up (413 past the limit, 429 past the
      // budget): that stream has no cancel that reaches the request, so it stays attached, paused,
      // and nobody reads it after the answer. Left so, a kept-alive connection never got to its
      // next request (the client's next body stalled on a full socket).
      incoming.removeAllListeners('data');
    } else if (incoming.readableFlowing) {
      return;
    }
    const socket = incoming.socket;
    let bytes = 0;
    let taken = false;
    /** Set once the server asked to close the connection after the answer. */
    let closeAsked = false;
    const serverClose = socket
      ? holdClose(
          socket,
          () => taken,
          () => (closeAsked = true),
        )
      : () => {};
    const stop = () => {
      taken = true;
      clearTimeout(timer);
      serverClose();
    };
    const timer = setTimeout(stop, LINGER_MS);
    timer.unref();
    const ended = () => {
      taken = true;
      clearTimeout(timer);
      if (closeAsked) socket?.destroy();
    };
    incoming.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > LINGER_BYTES) stop();
    });
    incoming.once('end', ended);
    incoming.once('error', ended);
    incoming.resume();
  };
}

/**
 * Makes the server's close of `socket` after the answer (its `destroySoon`) shut the write side
 * only while the body is not `taken()` yet, telling `asked`; the caller destroys the socket once
 * the body has ended. Returns the close as it was (for the limits: close whatever is still sent).
 */
function holdClose(socket: Socket, taken: () => boolean, asked: () => void): () => void {
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (taken()) return destroySoon();
    asked();
    socket.end();
  };
  return destroySoon;
}
