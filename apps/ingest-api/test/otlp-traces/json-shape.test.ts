import { describe, expect, it } from 'vitest';
import { checkOtlpJson } from '../../src/otlp-traces/json-shape.ts';
import { collectSpans } from '../../src/otlp-traces/spans.ts';
import { MAX_VALUE_DEPTH } from '../../src/protobuf/wire-reader.ts';

const withSpan = (span: unknown) => ({ resourceSpans: [{ scopeSpans: [{ spans: [span] }] }] });
const S = 'resourceSpans.0.scopeSpans.0.spans.0';

describe('checkOtlpJson names the first wrong field', () => {
  it.each([
    ['a non-object body', [1], /request body: must be a JSON object/],
    ['resourceSpans not an array', { resourceSpans: 'x' }, /^resourceSpans: must be an array/],
    ['a resourceSpans entry not an object', { resourceSpans: [7] }, /^resourceSpans\.0: must be an object/],
    [
      'scopeSpans not an array',
      { resourceSpans: [{ scopeSpans: {} }] },
      /resourceSpans\.0\.scopeSpans: must be an array/,
    ],
    ['a span that is a string', withSpan('span'), new RegExp(`${S}: must be an object`)],
    ['a numeric span id', withSpan({ spanId: 5 }), new RegExp(`${S}.spanId: must be a string`)],
    ['a negative time', withSpan({ startTimeUnixNano: -1 }), new RegExp(`${S}.startTimeUnixNano`)],
    ['a fractional time', withSpan({ endTimeUnixNano: '1.5' }), new RegExp(`${S}.endTimeUnixNano`)],
    ['a kind that is an object', withSpan({ kind: {} }), new RegExp(`${S}.kind`)],
    ['attributes not an array', withSpan({ attributes: {} }), new RegExp(`${S}.attributes: must be an array`)],
    ['an attribute without a key', withSpan({ attributes: [{ value: {} }] }), new RegExp(`${S}.attributes.0.key`)],
    [
      'a non-integer intValue',
      withSpan({ attributes: [{ key: 'k', value: { intValue: '1.5' } }] }),
      new RegExp(`${S}.attributes.0.value.intValue`),
    ],
    [
      'a bad value deep in a kvlist',
      withSpan({
        attributes: [
          {
            key: 'k',
            value: { kvlistValue: { values: [{ key: 'in', value: { arrayValue: { values: [{ boolValue: 1 }] } } }] } },
          },
        ],
      }),
      new RegExp(`${S}.attributes.0.value.kvlistValue.values.0.value.arrayValue.values.0.boolValue: must be a boolean`),
    ],
    ['a status code that is an array', withSpan({ status: { code: [] } }), new RegExp(`${S}.status.code`)],
    ['a link trace id that is a number', withSpan({ links: [{ traceId: 5 }] }), new RegExp(`${S}.links.0.traceId`)],
    [
      'a link attribute of the wrong type',
      withSpan({ links: [{ attributes: [{ key: 'k', value: { boolValue: 'yes' } }] }] }),
      new RegExp(`${S}.links.0.attributes.0.value.boolValue: must be a boolean`),
    ],
  ])('%s', (_label, body, message) => {
    expect(() => checkOtlpJson(body)).toThrow(message);
  });

  it('values nested past MAX_VALUE_DEPTH levels are not checked; the mapping cuts them to null, as the protobuf decoder does', () => {
    let value: Record<string, unknown> = { boolValue: 'not a boolean' };
    for (let i = 0; i < 40; i++) value = { arrayValue: { values: [value] } };
    const request = checkOtlpJson(withSpan({ traceId: 'a', attributes: [{ key: 'deep', value }] }));
    let mapped = collectSpans(request)[0]!.attributes.deep;
    let depth = 0;
    while (Array.isArray(mapped)) {
      mapped = mapped[0]!;
      depth++;
    }
    expect(mapped).toBeNull();
    expect(depth).toBe(MAX_VALUE_DEPTH + 1);
  });

  it('accepts a well-formed request, ignoring unknown fields, and returns it as is', () => {
    const body = {
      resourceSpans: [
        {
          resource: { attributes: [{ key: 'a', value: { intValue: 3 } }], droppedAttributesCount: 0 },
          schemaUrl: 'https://opentelemetry.io/schemas/1.24.0',
          scopeSpans: [
            {
              scope: { name: 'x' },
              spans: [
                {
                  traceId: 'ab',
                  spanId: 'cd',
                  kind: 'SPAN_KIND_SERVER',
                  startTimeUnixNano: '1767225600000000000',
                  endTimeUnixNano: 1767225600000,
                  status: { code: 1 },
                  flags: 257,
                  events: [],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(checkOtlpJson(body)).toBe(body);
    expect(checkOtlpJson({})).toEqual({});
  });
});
