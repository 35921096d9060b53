import type { MappedSpan, UsableSpan } from '../../src/otlp-traces/map-span.ts';
import { mapSpan } from '../../src/otlp-traces/map-span.ts';
import type { Attributes } from '../../src/otlp/values.ts';

export const TRACE_HEX = '0af7651916cd43dd8448eb211c80319c';
export const ROOT_HEX = 'b7ad6b7169203331';
export const CHILD_HEX = '00f067aa0ba902b7';
export const NOW_US = 1_800_000_000_000_000;

/** A usable span (a child of ROOT_HEX unless `parentSpanId` says otherwise) with these attributes. */
export function span(attributes: Attributes, over: Partial<UsableSpan> = {}): UsableSpan {
  return {
    path: 'resourceSpans.0.scopeSpans.0.spans.0',
    traceId: TRACE_HEX,
    spanId: CHILD_HEX,
    parentSpanId: ROOT_HEX,
    name: 'step',
    startNanos: 1_772_359_200_000_000_000n,
    endNanos: 1_772_359_201_500_000_000n,
    attributes,
    statusCode: 0,
    statusMessage: '',
    events: [],
    links: [],
    resource: {},
    scope: { name: '', version: '', attributes: {} },
    ...over,
  };
}

export const map = (attributes: Attributes, over: Partial<UsableSpan> = {}): MappedSpan =>
  mapSpan(span(attributes, over), NOW_US);
