import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { opentelemetry } from '../../proto/static/otlp.js';
import { decodeExportTraceServiceRequest } from '../../src/otlp-traces/generated/otlp-decode.ts';
import { MAX_VALUE_DEPTH } from '../../src/protobuf/wire-reader.ts';

/*
 * The generated decoder (scripts/gen-otlp-decoder.ts) against protobufjs's, the reference: for
 * any request both read the same message, and for any damaged or random body both refuse it or
 * both read the same thing. Compared through the .proto's own field list, so every field counts.
 */

const Request = opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
const PROTO_DIR = fileURLToPath(new URL('../../proto/', import.meta.url));
const root = new protobuf.Root();
root.resolvePath = (_origin, target) => PROTO_DIR + target;
root.loadSync('opentelemetry/proto/collector/trace/v1/trace_service.proto');
root.resolveAll();
const TOP = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');

type Long = { low: number; high: number } | number | null | undefined;
const longText = (v: Long) =>
  v === null || v === undefined
    ? '0'
    : typeof v === 'number'
      ? String(v)
      : String((BigInt(v.high >>> 0) << 32n) | BigInt(v.low >>> 0));

/** A decoded message as plain data, field by field as the .proto lists them. */
function normalize(type: protobuf.Type, message: Record<string, unknown> | null): unknown {
  if (message === null || message === undefined) return null;
  const out: Record<string, unknown> = {};
  for (const f of type.fieldsArray) {
    const value = message[f.name];
    const one = (v: unknown): unknown => {
      if (f.resolvedType instanceof protobuf.Type)
        return normalize(f.resolvedType, v as Record<string, unknown> | null);
      if (f.partOf && (v === null || v === undefined)) return null;
      if (f.type === 'bytes') return Buffer.from((v as Uint8Array | null) ?? []).toString('hex');
      if (['int64', 'uint64', 'fixed64', 'sfixed64'].includes(f.type)) {
        return f.type === 'int64' ? String(BigInt.asIntN(64, BigInt(longText(v as Long)))) : longText(v as Long);
      }
      return v;
    };
    out[f.name] = f.repeated ? ((value as unknown[] | null) ?? []).map(one) : one(value);
  }
  return out;
}

type Outcome = { ok: true; value: unknown } | { ok: false };
function outcome(decode: () => Record<string, unknown>): Outcome {
  try {
    return { ok: true, value: normalize(TOP, decode()) };
  } catch {
    return { ok: false };
  }
}
const reference = (body: Buffer) => outcome(() => Request.decode(body) as unknown as Record<string, unknown>);
const generated = (body: Buffer) => outcome(() => decodeExportTraceServiceRequest(body));

// Random requests: every message type, every field, odd values (big and negative integers,
// non-finite doubles, empty and non-ASCII strings, empty bytes, deep nesting).
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }));
const bytes = fc.uint8Array({ maxLength: 20 });
const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
const uint64 = fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map(String);
const { keyValue } = fc.letrec((tie) => ({
  anyValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ stringValue: text }),
    fc.record({ boolValue: fc.boolean() }),
    fc.record({ intValue: int64 }),
    fc.record({ doubleValue: fc.double() }),
    fc.record({ bytesValue: bytes }),
    fc.record({ arrayValue: fc.record({ values: fc.array(tie('anyValue'), { maxLength: 3 }) }) }),
    fc.record({ kvlistValue: fc.record({ values: fc.array(tie('keyValue'), { maxLength: 3 }) }) }),
    fc.constant({}),
  ),
  keyValue: fc.record({ key: text, value: tie('anyValue') }, { requiredKeys: [] }),
}));
const attributes = fc.array(keyValue, { maxLength: 5 });
const span = fc.record(
  {
    traceId: bytes,
    spanId: bytes,
    traceState: text,
    parentSpanId: bytes,
    flags: fc.nat(),
    name: text,
    kind: fc.integer({ min: -1, max: 6 }),
    startTimeUnixNano: uint64,
    endTimeUnixNano: uint64,
    attributes,
    droppedAttributesCount: fc.nat(),
    events: fc.array(fc.record({ timeUnixNano: uint64, name: text, attributes }, { requiredKeys: [] }), {
      maxLength: 2,
    }),
    droppedEventsCount: fc.nat(),
    links: fc.array(fc.record({ traceId: bytes, spanId: bytes, traceState: text, attributes, flags: fc.nat() }), {
      maxLength: 2,
    }),
    droppedLinksCount: fc.nat(),
    status: fc.record({ message: text, code: fc.integer({ min: -1, max: 3 }) }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);
const request = fc.record({
  resourceSpans: fc.array(
    fc.record(
      {
        resource: fc.record({ attributes, droppedAttributesCount: fc.nat() }, { requiredKeys: [] }),
        scopeSpans: fc.array(
          fc.record(
            {
              scope: fc.record({ name: text, version: text, attributes }, { requiredKeys: [] }),
              spans: fc.array(span, { maxLength: 4 }),
              schemaUrl: text,
            },
            { requiredKeys: [] },
          ),
          { maxLength: 2 },
        ),
        schemaUrl: text,
      },
      { requiredKeys: [] },
    ),
    { maxLength: 2 },
  ),
});
const encoded = request.map((r) => Buffer.from(Request.encode(r as never).finish()));

describe('generated OTLP decoder', () => {
  it('reads every request as protobufjs reads it', () => {
    fc.assert(
      fc.property(encoded, (body) => {
        const expected = reference(body);
        expect(expected.ok).toBe(true);
        expect(generated(body)).toStrictEqual(expected);
      }),
      { numRuns: 1500, seed: 20260601 },
    );
  });

  it('refuses what protobufjs refuses and reads the rest alike: damaged bodies', () => {
    const damaged = fc
      .tuple(
        encoded,
        fc.array(fc.tuple(fc.nat(), fc.nat(255), fc.constantFrom('set', 'cut', 'insert', 'drop')), {
          minLength: 1,
          maxLength: 4,
        }),
      )
      .map(([body, edits]) => {
        let out = Buffer.from(body);
        for (const [at, byte, edit] of edits) {
          const i = out.length === 0 ? 0 : at % out.length;
          if (edit === 'set' && out.length > 0) out[i] = byte;
          else if (edit === 'cut') out = out.subarray(0, i);
          else if (edit === 'insert') out = Buffer.concat([out.subarray(0, i), Buffer.from([byte]), out.subarray(i)]);
          else out = Buffer.concat([out.subarray(0, i), out.subarray(i + 1)]);
        }
        return out;
      });
    fc.assert(
      fc.property(damaged, (body) => {
        expect(generated(body)).toStrictEqual(reference(body));
      }),
      { numRuns: 4000, seed: 20260602 },
    );
  });

  it('refuses what protobufjs refuses and reads the rest alike: random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const body = Buffer.from(bytes);
        expect(generated(body)).toStrictEqual(reference(body));
      }),
      { numRuns: 4000, seed: 20260603 },
    );
  });

  it('refuses invalid UTF-8; an attribute value nested past MAX_VALUE_DEPTH is cut, not refused as protobufjs refuses it', () => {
    // resourceSpans[0].resource.attributes[0].key = bytes FF FE (not UTF-8)
    const badUtf8 = Buffer.from([0x0a, 0x08, 0x0a, 0x06, 0x0a, 0x04, 0x0a, 0x02, 0xff, 0xfe]);
    expect(reference(badUtf8).ok).toBe(false);
    expect(generated(badUtf8).ok).toBe(false);
    // An AnyValue nested 120 arrays deep, built by hand: the encoder itself refuses such depth.
    const field = (no: number, payload: Buffer) => {
      const len: number[] = [];
      for (let n = payload.length; ; n >>>= 7) {
        if (n < 0x80) {
          len.push(n);
          break;
        }
        len.push((n & 0x7f) | 0x80);
      }
      return Buffer.concat([Buffer.from([(no << 3) | 2, ...len]), payload]);
    };
    let value = field(1, Buffer.from('x')); // AnyValue.string_value
    for (let i = 0; i < 120; i++) value = field(5, field(1, value)); // AnyValue.array_value.values[0]
    // ExportTraceServiceRequest.resource_spans[0].resource.attributes[0] = {key: 'k', value}
    const deep = field(1, field(1, field(1, Buffer.concat([field(1, Buffer.from('k')), field(2, value)]))));
    const shallow = (() => {
      let v = field(1, Buffer.from('x'));
      for (let i = 0; i < 10; i++) v = field(5, field(1, v));
      return field(1, field(1, field(1, Buffer.concat([field(1, Buffer.from('k')), field(2, v)]))));
    })();
    expect(reference(shallow).ok).toBe(true);
    expect(generated(shallow)).toStrictEqual(reference(shallow));
    expect(reference(deep).ok).toBe(false);
    // Ours reads it, the values past MAX_VALUE_DEPTH containers cut to an empty AnyValue, unread.
    const cut = decodeExportTraceServiceRequest(deep);
    let v = cut.resourceSpans[0]!.resource!.attributes[0]!.value!;
    let containers = 0;
    while (v.arrayValue) {
      v = v.arrayValue.values[0]!;
      containers++;
    }
    expect(containers).toBe(MAX_VALUE_DEPTH + 1);
    expect(v).toEqual({
      stringValue: null,
      boolValue: null,
      intValue: null,
      doubleValue: null,
      arrayValue: null,
      kvlistValue: null,
      bytesValue: null,
    });
    // Key-value lists as deep: the same cut, never the recursion limit (3 messages a level).
    let kv = field(1, Buffer.from('x'));
    for (let i = 0; i < 120; i++) kv = field(6, field(1, Buffer.concat([field(1, Buffer.from('k')), field(2, kv)])));
    const deepKv = field(1, field(1, field(1, Buffer.concat([field(1, Buffer.from('k')), field(2, kv)]))));
    expect(reference(deepKv).ok).toBe(false);
    expect(generated(deepKv).ok).toBe(true);
  });

  it('a oneof sent twice keeps the last member; a message field sent twice is merged', () => {
    const kv = (value: Buffer) =>
      Buffer.concat([Buffer.from([0x0a, 0x01, 0x6b]), Buffer.from([0x12, value.length]), value]);
    const attribute = (value: Buffer) => {
      const kvBytes = kv(value);
      const resource = Buffer.concat([Buffer.from([0x0a, kvBytes.length]), kvBytes]);
      const rs = Buffer.concat([Buffer.from([0x0a, resource.length]), resource]);
      return Buffer.concat([Buffer.from([0x0a, rs.length]), rs]);
    };
    const boolThenString = attribute(Buffer.from([0x10, 0x01, 0x0a, 0x01, 0x78])); // bool_value, then string_value
    const stringThenBool = attribute(Buffer.from([0x0a, 0x01, 0x78, 0x10, 0x01]));
    for (const body of [boolThenString, stringThenBool]) {
      expect(reference(body).ok).toBe(true);
      expect(generated(body)).toStrictEqual(reference(body));
    }
    // resource_spans[0].resource sent twice: its attributes accumulate.
    const twice = (() => {
      const kvBytes = kv(Buffer.from([0x0a, 0x01, 0x78]));
      const resource = Buffer.concat([Buffer.from([0x0a, kvBytes.length]), kvBytes]);
      const rs = Buffer.concat([
        Buffer.from([0x0a, resource.length]),
        resource,
        Buffer.from([0x0a, resource.length]),
        resource,
      ]);
      return Buffer.concat([Buffer.from([0x0a, rs.length]), rs]);
    })();
    expect(generated(twice)).toStrictEqual(reference(twice));
  });
});
