import { describe, expect, it } from 'vitest';
import { TRACE_SCALARS } from '../../src/otlp-traces/conventions/facts.ts';
import { mapExport } from '../../src/otlp-traces/map-export.ts';
import type { Attributes } from '../../src/otlp/values.ts';
import { CHILD_HEX, NOW_US, ROOT_HEX, span, TRACE_HEX } from './fixtures.ts';

const OTHER_TRACE = '11111111111111111111111111111111';
const TRACE_UUID = '0af76519-16cd-43dd-8448-eb211c80319c';

describe('mapExport: spans of one export → one piece per trace', () => {
  it('groups by trace; piece timestamp = earliest start; name from the root span', () => {
    const spans = [
      span({}, { spanId: CHILD_HEX, name: 'child', startNanos: 2_000_000_000n, endNanos: 3_000_000_000n }),
      span(
        {},
        { spanId: ROOT_HEX, parentSpanId: '', name: 'root', startNanos: 1_000_000_000n, endNanos: 4_000_000_000n },
      ),
      span({}, { traceId: OTHER_TRACE, spanId: 'cccccccccccccccc', name: 'alone', startNanos: 5_000_000_000n }),
    ];
    const { traces, accepted, rejected } = mapExport(spans, NOW_US);
    expect(accepted).toBe(3);
    expect(rejected).toEqual([]);
    expect(traces).toHaveLength(2);
    const [first, second] = traces;
    expect(first!.piece).toMatchObject({ id: TRACE_UUID, implied: { name: 'root' }, timestampUs: 1_000_000 });
    expect(first!.observations.map((o) => o.name)).toEqual(['child', 'root']);
    expect(first!.observations[0]!.parentId).toBe('00000000-0000-0000-b7ad-6b7169203331');
    expect(first!.observations[1]!.parentId).toBeNull();
    expect(second!.piece).toMatchObject({ id: '11111111-1111-1111-1111-111111111111', timestampUs: 5_000_000 });
    expect(second!.piece.name).toBeUndefined(); // no root in this export: the name comes later
    expect(second!.piece.implied).toBeUndefined();
  });

  it('langfuse.trace.name wins over the root span name; trace fields merge across spans', () => {
    const spans = [
      span({ 'langfuse.trace.tags': ['a'], 'langfuse.trace.metadata.x': '1' }, { spanId: CHILD_HEX }),
      span(
        {
          'langfuse.trace.name': 'named',
          'user.id': 'u',
          'langfuse.trace.tags': ['b'],
          'langfuse.trace.metadata.y': 'z',
        },
        { spanId: ROOT_HEX, parentSpanId: '', name: 'root' },
      ),
    ];
    const [trace] = mapExport(spans, NOW_US).traces;
    expect(trace!.piece).toMatchObject({ name: 'named', userId: 'u', tags: ['a', 'b'], metadata: { x: 1, y: 'z' } });
  });

  it("trace IO falls back to the root span's IO, implied: what a span sends wins over it", () => {
    const spans = [
      span(
        { 'langfuse.observation.input': '{"q":1}', 'langfuse.observation.output': '"a"' },
        { spanId: ROOT_HEX, parentSpanId: '' },
      ),
    ];
    const { piece } = mapExport(spans, NOW_US).traces[0]!;
    expect(piece.input).toBeUndefined();
    expect(piece.implied).toMatchObject({ input: { q: 1 }, output: 'a' });
  });

  it('resource attributes give environment, release and version, and land in metadata', () => {
    const resource = { 'service.name': 'api', 'service.version': '1.2.3', 'deployment.environment.name': 'prod' };
    const [trace] = mapExport(
      [span({}, { resource, scope: { name: 'my-lib', version: '0.1', attributes: {} } })],
      NOW_US,
    ).traces;
    expect(trace!.piece).toMatchObject({ environment: 'prod', version: '1.2.3' });
    expect(trace!.observations[0]!.environment).toBe('prod');
    expect(trace!.observations[0]!.metadata).toEqual({
      resourceAttributes: resource,
      scope: { name: 'my-lib', version: '0.1' },
    });
  });

  it('an error status becomes level ERROR with its message', () => {
    const [trace] = mapExport([span({}, { statusCode: 2, statusMessage: 'boom' })], NOW_US).traces;
    expect(trace!.observations[0]).toMatchObject({ level: 'ERROR', statusMessage: 'boom' });
  });

  it('unusable spans are set aside with their path and reason; the rest are kept', () => {
    const spans = [
      span({}, { traceId: '', path: 'resourceSpans.0.scopeSpans.0.spans.0' }),
      span({}, { spanId: null as never, path: 'resourceSpans.0.scopeSpans.0.spans.1' }),
      span({}, { parentSpanId: null as never, path: 'resourceSpans.0.scopeSpans.0.spans.2' }),
      span({}, { path: 'resourceSpans.0.scopeSpans.0.spans.3' }),
    ];
    const { traces, accepted, rejected } = mapExport(spans, NOW_US);
    expect(accepted).toBe(1);
    expect(traces).toHaveLength(1);
    expect(rejected).toEqual([
      'resourceSpans.0.scopeSpans.0.spans.0: traceId is missing',
      'resourceSpans.0.scopeSpans.0.spans.1: spanId is not 8 bytes (hex, base64 or bytes; not all zero)',
      'resourceSpans.0.scopeSpans.0.spans.2: parentSpanId is not 8 bytes (hex, base64 or bytes)',
    ]);
  });

  it('a span id sent twice in one export keeps its last copy', () => {
    const spans = [span({}, { name: 'first' }), span({}, { name: 'second' })];
    const [trace] = mapExport(spans, NOW_US).traces;
    expect(trace!.observations.map((o) => o.name)).toEqual(['second']);
  });

  it('observation ids are 16 zeros and the span id, as a UUID', () => {
    const [trace] = mapExport([span({})], NOW_US).traces;
    expect(trace!.observations[0]).toMatchObject({
      id: '00000000-0000-0000-00f0-67aa0ba902b7',
      traceId: TRACE_UUID,
    });
    expect(TRACE_HEX).toHaveLength(32);
  });

  it('every scalar trace field a span carries reaches the piece (the list is written out in code)', () => {
    const sent: Record<(typeof TRACE_SCALARS)[number], [string, unknown]> = {
      name: ['langfuse.trace.name', 'n'],
      userId: ['user.id', 'u'],
      sessionId: ['session.id', 's'],
      release: ['langfuse.release', 'r'],
      version: ['langfuse.version', 'v'],
      environment: ['langfuse.environment', 'e'],
      input: ['langfuse.trace.input', '{"q":1}'],
      output: ['langfuse.trace.output', '"a"'],
    };
    for (const key of TRACE_SCALARS) {
      const [attribute, value] = sent[key];
      const root = span({ [attribute]: value } as Attributes, { parentSpanId: '' });
      const [trace] = mapExport([root], NOW_US).traces;
      expect(trace!.piece[key], key).toEqual(key === 'input' ? { q: 1 } : key === 'output' ? 'a' : value);
    }
  });

  it("a child's langfuse.version is its own; the trace's only when the span updates the trace", () => {
    const resource = { 'service.version': 'svc-1' };
    const [plain] = mapExport([span({ 'langfuse.version': 'prompt-v7' }, { resource })], NOW_US).traces;
    expect(plain!.observations[0]!.version).toBe('prompt-v7');
    expect(plain!.piece.version).toBe('svc-1');
    const updating = span({ 'langfuse.version': 'prompt-v7', 'user.id': 'u' });
    expect(mapExport([updating], NOW_US).traces[0]!.piece.version).toBe('prompt-v7');
  });

  it('an attribute or metadata key named __proto__ is kept as data', () => {
    const attributes = JSON.parse(
      '{"__proto__":"x","langfuse.observation.metadata.__proto__":"m","langfuse.trace.metadata.__proto__":"t"}',
    ) as Attributes;
    const [trace] = mapExport([span(attributes)], NOW_US).traces;
    const metadata = trace!.observations[0]!.metadata!;
    expect(Object.getPrototypeOf(metadata)).toBe(Object.prototype);
    expect(JSON.stringify(metadata)).toBe('{"__proto__":"m","attributes":{"__proto__":"x"}}');
    expect(JSON.stringify(trace!.piece.metadata)).toBe('{"__proto__":"t"}');
  });
});
