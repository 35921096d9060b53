/**
 * A minimal protobuf writer for OTLP ExportTraceServiceRequest, independent of the service's
 * decoder, so the fuzz tests build valid messages to damage. Field numbers from
 * opentelemetry/proto/trace/v1/trace.proto and common/v1/common.proto.
 */
class Writer {
  private bytes: number[] = [];
  varint(n: number | bigint): this {
    let v = BigInt(n);
    while (v > 127n) {
      this.bytes.push(Number(v & 127n) | 128);
      v >>= 7n;
    }
    this.bytes.push(Number(v));
    return this;
  }
  tag(field: number, wire: number): this {
    return this.varint((field << 3) | wire);
  }
  bytesField(field: number, data: Uint8Array): this {
    this.tag(field, 2).varint(data.length);
    for (const b of data) this.bytes.push(b);
    return this;
  }
  string(field: number, s: string): this {
    return this.bytesField(field, Buffer.from(s, 'utf8'));
  }
  fixed64(field: number, n: bigint): this {
    this.tag(field, 1);
    for (let i = 0n; i < 8n; i++) this.bytes.push(Number((n >> (8n * i)) & 255n));
    return this;
  }
  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

export type PbSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, string>;
};

function keyValue(key: string, value: string): Uint8Array {
  const anyValue = new Writer().string(1, value).finish();
  return new Writer().string(1, key).bytesField(2, anyValue).finish();
}

function span(s: PbSpan): Uint8Array {
  const w = new Writer().bytesField(1, Buffer.from(s.traceId, 'hex')).bytesField(2, Buffer.from(s.spanId, 'hex'));
  if (s.parentSpanId) w.bytesField(4, Buffer.from(s.parentSpanId, 'hex'));
  w.string(5, s.name).tag(6, 0).varint(1).fixed64(7, s.startNs).fixed64(8, s.endNs);
  for (const [k, v] of Object.entries(s.attributes)) w.bytesField(9, keyValue(k, v));
  return w.finish();
}

export function encodeTraceRequest(spans: PbSpan[]): Uint8Array {
  const scope = new Writer().string(1, 'fuzz').finish();
  const scopeSpans = new Writer().bytesField(1, scope);
  for (const s of spans) scopeSpans.bytesField(2, span(s));
  const resource = new Writer().bytesField(1, keyValue('service.name', 'fuzz')).finish();
  const resourceSpans = new Writer().bytesField(1, resource).bytesField(2, scopeSpans.finish()).finish();
  return new Writer().bytesField(1, resourceSpans).finish();
}
