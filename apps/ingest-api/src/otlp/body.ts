import { badRequest } from '@spanhouse/http';
import { gunzipLimited } from './inflate.ts';

/**
 * The request body, inflated when Content-Encoding says gzip. The compressed size is bounded
 * before this runs (limitBody); the inflated size is bounded here, while inflating.
 */
export async function readOtlpBody(
  req: Request,
  contentEncoding: string | undefined,
  decompressedLimit: number,
): Promise<Buffer> {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === 'gzip' || encoding === 'x-gzip') {
    if (!req.body) throw badRequest('request body is empty; expected a gzip-compressed OTLP export');
    return gunzipLimited(req.body as unknown as AsyncIterable<Uint8Array>, decompressedLimit);
  }
  if (encoding !== '' && encoding !== 'identity') {
    throw badRequest(`Content-Encoding: '${contentEncoding}' is not supported; send gzip or no encoding`);
  }
  return Buffer.from(await req.arrayBuffer());
}
