import { ApiError, badRequest } from '@spanhouse/http';
import { uncompressSync } from 'snappy';
import { countWriteRequest, type WriteRequestCounts } from './counts.ts';
import { decodeWriteRequest, type WriteRequest } from './generated/remote-decode.ts';

/**
 * The uncompressed length a snappy block announces in its preamble (a varint), read before
 * inflating so that a body announcing more than the limit is refused without allocating it.
 * Undefined when the preamble itself is malformed.
 */
export function snappyLength(block: Uint8Array): number | undefined {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 5 && i < block.length; i++) {
    const b = block[i]!;
    value += (b & 127) * scale;
    if (b < 128) return value;
    scale *= 128;
  }
  return undefined;
}

/**
 * A remote-write body: a snappy block (the block format, not the framed one, as the remote-write
 * 1.0 specification says) holding a protobuf WriteRequest. Refused with 400 when it is not snappy
 * or not a WriteRequest (a sender must not retry those); 413 when it would inflate past `limit`.
 */
/**
 * `onLength` sees the decompressed size before anything is decompressed, and `onCounts` the
 * request's samples and series (countWriteRequest) before it is decoded; either may refuse by
 * throwing.
 */
export function decodeRemoteWrite(
  body: Buffer,
  limit: number,
  onLength?: (length: number) => void,
  onCounts?: (counts: WriteRequestCounts) => void,
): WriteRequest {
  if (body.length === 0) throw badRequest('request body is empty; expected a snappy-compressed WriteRequest');
  const length = snappyLength(body);
  if (length === undefined) throw badRequest('request body is not snappy-compressed: bad length preamble');
  if (length > limit) throw new ApiError('PAYLOAD_TOO_LARGE', `decompressed request body exceeds ${limit} bytes`);
  onLength?.(length);
  let raw: Buffer;
  try {
    raw = uncompressSync(body) as Buffer;
  } catch (err) {
    throw badRequest(`request body is not snappy-compressed: ${(err as Error).message}`);
  }
  const counts = onCounts && countWriteRequest(raw);
  if (counts) onCounts(counts);
  try {
    return decodeWriteRequest(raw);
  } catch (err) {
    throw badRequest(`request body is not a protobuf WriteRequest: ${(err as Error).message}`);
  }
}
