import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './errors.ts';

/** Refuses bodies over `maxBytes` with 413 PAYLOAD_TOO_LARGE while reading, never after. */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE', `request body exceeds ${maxBytes} bytes`);
    },
  });
}
