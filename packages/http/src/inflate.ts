import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ApiError, badRequest } from './errors.ts';

class InflateLimitExceeded extends Error {}

/** zlib reports corrupt input with codes such as Z_DATA_ERROR and Z_BUF_ERROR. */
function isZlibError(err: unknown): err is Error {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.startsWith('Z_');
}

/**
 * Inflates a gzip stream, refusing it with 413 as soon as the output passes `limit` bytes: the
 * gunzip stream produces output in small chunks under backpressure and is destroyed the moment
 * the sink refuses one, so a gzip bomb costs at most `limit` bytes of memory, not its full size.
 * `onGrow` sees the inflated size after every chunk and may refuse it by throwing an ApiError
 * (the admission budget). Corrupt or truncated gzip is a 400.
 */
export async function gunzipLimited(
  source: AsyncIterable<Uint8Array> | Uint8Array,
  limit: number,
  onGrow?: (inflatedBytes: number) => void,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > limit) return done(new InflateLimitExceeded());
      try {
        onGrow?.(size);
      } catch (err) {
        return done(err as Error);
      }
      chunks.push(chunk);
      done();
    },
  });
  const input = source instanceof Uint8Array ? Readable.from([source]) : Readable.from(source);
  try {
    await pipeline(input, createGunzip(), sink);
  } catch (err) {
    if (err instanceof InflateLimitExceeded) {
      throw new ApiError('PAYLOAD_TOO_LARGE', `decompressed request body exceeds ${limit} bytes`);
    }
    if (isZlibError(err)) throw badRequest(`request body is not valid gzip: ${err.message}`);
    throw err;
  }
  return Buffer.concat(chunks, size);
}
