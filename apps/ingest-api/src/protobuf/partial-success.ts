/*
 * The two protobuf replies ingest sends, ExportTraceServiceResponse and
 * ExportMetricsServiceResponse (OTLP collector/{trace,metrics}/v1), written by hand: each is at
 * most one message field `partial_success` (1) holding an int64 count of refused items (1) and a
 * string message (2), and proto3 leaves out zero and empty fields. Checked byte for byte against
 * protobufjs's encoders of the vendored .proto files (test/protobuf/partial-success.test.ts).
 */

/** Bytes of `n` (a non-negative integer below 2^53) as a base-128 varint. */
function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return out;
}

/**
 * An Export*ServiceResponse: empty when everything was accepted, else `partial_success` with the
 * count of refused spans or data points and the reason. The bytes own their memory.
 */
export function exportResponse(rejected?: { count: number; message: string }): ArrayBuffer {
  if (!rejected) return new ArrayBuffer(0);
  const inner: number[] = [];
  if (rejected.count !== 0) inner.push(0x08, ...varint(rejected.count));
  if (rejected.message !== '') {
    const text = Buffer.from(rejected.message, 'utf8');
    inner.push(0x12, ...varint(text.length), ...text);
  }
  const bytes = Uint8Array.from([0x0a, ...varint(inner.length), ...inner]);
  return bytes.buffer;
}
