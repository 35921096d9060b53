import { badRequest, validate } from '@spanhouse/http';
import * as v from 'valibot';
import type { RequestLike } from './spans.ts';
import type { AnyValueLike, KeyValueLike } from './values.ts';

/*
 * OTLP/JSON ExportTraceServiceRequest: the protobuf JSON mapping with lowerCamelCase names, hex
 * ids and integer enums. Checked for shape only (wrong types are a 400 naming the field); ids
 * and times are checked per span later, so one bad span does not sink the others. Unknown
 * fields are ignored, as OTLP asks of receivers.
 */

const opt = <S extends v.GenericSchema>(schema: S) => v.optional(v.nullable(schema));

const Int64 = v.union(
  [v.pipe(v.string(), v.regex(/^-?\d{1,20}$/, 'must be an integer')), v.pipe(v.number(), v.integer())],
  'must be an integer (number or decimal string)',
);
/** Nanoseconds since the epoch: a decimal string keeps all 64 bits; a number only 53. */
const UnixNano = v.union(
  [
    v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'must be a non-negative integer')),
    v.pipe(v.number(), v.integer(), v.minValue(0)),
  ],
  'must be nanoseconds since the epoch (decimal string or number)',
);
const Enum = v.union([v.pipe(v.number(), v.integer()), v.string()], 'must be an enum number or name');

const KeyValue: v.GenericSchema<KeyValueLike> = v.lazy(() => v.object({ key: v.string(), value: opt(AnyValue) }));
const AnyValue: v.GenericSchema<AnyValueLike> = v.lazy(() =>
  v.object({
    stringValue: opt(v.string()),
    boolValue: opt(v.boolean()),
    intValue: opt(Int64),
    doubleValue: opt(v.union([v.number(), v.string()])),
    arrayValue: opt(v.object({ values: opt(v.array(AnyValue)) })),
    kvlistValue: opt(v.object({ values: opt(v.array(KeyValue)) })),
    bytesValue: opt(v.string()),
  }),
);

const Span = v.object({
  traceId: opt(v.string()),
  spanId: opt(v.string()),
  parentSpanId: opt(v.string()),
  name: opt(v.string()),
  kind: opt(Enum),
  startTimeUnixNano: opt(UnixNano),
  endTimeUnixNano: opt(UnixNano),
  attributes: opt(v.array(KeyValue)),
  status: opt(v.object({ code: opt(Enum), message: opt(v.string()) })),
});

export const OtlpJsonRequest = v.object({
  resourceSpans: opt(
    v.array(
      v.object({
        resource: opt(v.object({ attributes: opt(v.array(KeyValue)) })),
        scopeSpans: opt(
          v.array(
            v.object({
              scope: opt(v.object({ name: opt(v.string()), version: opt(v.string()) })),
              spans: opt(v.array(Span)),
            }),
          ),
        ),
      }),
    ),
  ),
});

/** Parses and shape-checks an OTLP/JSON body; 400 naming the field when it is not one. */
export function decodeJsonRequest(body: Buffer): RequestLike {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('request body must be a JSON object (an OTLP ExportTraceServiceRequest)');
  }
  return validate(OtlpJsonRequest, parsed) as RequestLike;
}
