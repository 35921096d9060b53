import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import { ApiError } from '@spanhouse/http';
import { describe, expect, it } from 'vitest';
import { gunzipLimited } from '../src/inflate.ts';

describe('gunzipLimited', () => {
  it('inflates a gzip body, from bytes or from a stream of chunks', async () => {
    const text = Buffer.from('{"resourceSpans":[]}'.repeat(100));
    const gz = gzipSync(text);
    expect((await gunzipLimited(gz, 1 << 20)).equals(text)).toBe(true);
    const chunks = [gz.subarray(0, 7), gz.subarray(7, 20), gz.subarray(20)];
    expect((await gunzipLimited(Readable.from(chunks), 1 << 20)).equals(text)).toBe(true);
  });

  it('accepts exactly the limit and refuses one byte more with 413', async () => {
    const gz = gzipSync(Buffer.alloc(1000, 'a'));
    expect((await gunzipLimited(gz, 1000)).length).toBe(1000);
    await expect(gunzipLimited(gz, 999)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  });

  it('stops while inflating: a gzip stream that never ends is refused once past the limit', async () => {
    // An endless stream of zeros, gzip-compressed on the fly: inflating it all first would never
    // finish, so a 413 proves the inflate is cut off at the limit.
    const zeros = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    const endless = zeros.pipe(createGzip());
    const err = await gunzipLimited(endless, 4 * 1024 * 1024).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    zeros.destroy();
  });

  it('corrupt or truncated gzip is a 400', async () => {
    await expect(gunzipLimited(Buffer.from('not gzip at all'), 1000)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const gz = gzipSync(Buffer.alloc(5000, 'x'));
    await expect(gunzipLimited(gz.subarray(0, gz.length - 12), 10_000)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
