import { describe, expect, it } from 'vitest';
import { decodeJsonRequest } from '../../src/otlp-traces/decode-json.ts';
import { decodeProtobufRequest } from '../../src/otlp-traces/decode-protobuf.ts';
import { exportResponse } from '../../src/protobuf/partial-success.ts';
import { opentelemetry } from '../../proto/static/otlp.js';
import { collectSpans } from '../../src/otlp-traces/spans.ts';

const { ExportTraceServiceRequest, ExportTraceServiceResponse } = opentelemetry.proto.collector.trace.v1;

const TRACE = '5b8efff798038103d269b633813fc60c';
const SPAN = 'eee19b7ec3c1b174';
const PARENT = '1111111111111111';
const LINKED_TRACE = '0af7651916cd43dd8448eb211c80319c';
const LINKED_SPAN = 'b7ad6b7169203331';

/**
 * One span with every kind of attribute value: ids and bytes as text for OTLP/JSON, as bytes for
 * protobuf; times and int64 as decimal strings (the generated encoder converts them exactly).
 */
const build = (id: (hex: string) => string | Buffer, bytes: string | Buffer, statusCode: number | string = 2) => ({
  resourceSpans: [
    {
      resource: { attributes: [{ key: 'service.name', value: { stringValue: 'svc' } }] },
      scopeSpans: [
        {
          scope: { name: 'lib', version: '2' },
          spans: [
            {
              traceId: id(TRACE),
              spanId: id(SPAN),
              parentSpanId: id(PARENT),
              name: 'op',
              kind: 3,
              startTimeUnixNano: '1767225600123456789',
              endTimeUnixNano: '1767225601000000001',
              status: { code: statusCode, message: 'bad' },
              events: [
                {
                  timeUnixNano: '1767225600500000001',
                  name: 'gen_ai.user.message',
                  attributes: [{ key: 'content', value: { stringValue: 'hi' } }],
                },
              ],
              links: [
                {
                  traceId: id(LINKED_TRACE),
                  spanId: id(LINKED_SPAN),
                  attributes: [{ key: 'link.kind', value: { stringValue: 'batch' } }],
                },
              ],
              attributes: [
                { key: 's', value: { stringValue: 'x' } },
                { key: 'i', value: { intValue: '42' } },
                { key: 'big', value: { intValue: '9007199254740993' } },
                { key: 'd', value: { doubleValue: 1.5 } },
                { key: 'b', value: { boolValue: true } },
                { key: 'arr', value: { arrayValue: { values: [{ stringValue: 'a' }, { intValue: '1' }] } } },
                { key: 'kv', value: { kvlistValue: { values: [{ key: 'k', value: { stringValue: 'v' } }] } } },
                { key: 'bytes', value: { bytesValue: bytes } },
                { key: 'empty', value: {} },
              ],
            },
          ],
        },
      ],
    },
  ],
});
const json = build((hex) => hex, 'AQID');
const asProtobuf = () =>
  ExportTraceServiceRequest.encode(build((hex) => Buffer.from(hex, 'hex'), Buffer.from([1, 2, 3])) as never).finish();

describe('protobuf and JSON decode to the same spans', () => {
  const expected = {
    path: 'resourceSpans.0.scopeSpans.0.spans.0',
    traceId: TRACE,
    spanId: SPAN,
    parentSpanId: PARENT,
    name: 'op',
    startNanos: 1_767_225_600_123_456_789n,
    endNanos: 1_767_225_601_000_000_001n,
    statusCode: 2,
    statusMessage: 'bad',
    events: [{ name: 'gen_ai.user.message', timeNanos: 1_767_225_600_500_000_001n, attributes: { content: 'hi' } }],
    links: [{ traceId: LINKED_TRACE, spanId: LINKED_SPAN, attributes: { 'link.kind': 'batch' } }],
    attributes: {
      s: 'x',
      i: 42,
      big: '9007199254740993', // past 2^53: kept exact as text
      d: 1.5,
      b: true,
      arr: ['a', 1],
      kv: { k: 'v' },
      bytes: 'AQID',
      empty: null,
    },
    resource: { 'service.name': 'svc' },
    scope: { name: 'lib', version: '2', attributes: {} },
  };

  it('JSON', () => {
    expect(collectSpans(decodeJsonRequest(Buffer.from(JSON.stringify(json))))).toEqual([expected]);
  });

  it('protobuf', () => {
    expect(collectSpans(decodeProtobufRequest(asProtobuf()))).toEqual([expected]);
  });

  it('an empty export has no spans', () => {
    expect(collectSpans(decodeJsonRequest(Buffer.from('{}')))).toEqual([]);
    expect(collectSpans(decodeProtobufRequest(new Uint8Array(0)))).toEqual([]);
  });

  it('enum names are accepted in JSON', () => {
    const named = build((hex) => hex, 'AQID', 'STATUS_CODE_ERROR');
    expect(collectSpans(decodeJsonRequest(Buffer.from(JSON.stringify(named))))[0]!.statusCode).toBe(2);
  });
});

describe('ExportTraceServiceResponse', () => {
  it('is empty on full success and carries partial_success otherwise', () => {
    expect(exportResponse().byteLength).toBe(0);
    const decoded = ExportTraceServiceResponse.decode(
      new Uint8Array(exportResponse({ count: 3, message: '3 spans rejected' })),
    );
    expect(Number(decoded.partialSuccess?.rejectedSpans)).toBe(3);
    expect(decoded.partialSuccess?.errorMessage).toBe('3 spans rejected');
  });
});
