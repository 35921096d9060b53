import { WEAK_VERSION } from '@spanhouse/store';
import { describe, expect, it } from 'vitest';
import { decodeLogsRequest } from '../../src/otlp-logs/decode.ts';
import { mapLogsExport } from '../../src/otlp-logs/map.ts';
import { collectLogRecords } from '../../src/otlp-logs/records.ts';
import { at, logsExport, protobufLogs, type Rec, SPAN, TRACE } from './requests.ts';

const NOW_US = 1_800_000_000_000_000;
const traceUuid = '0af76519-16cd-43dd-8448-eb211c80319c';
const spanUuid = '00000000-0000-0000-b7ad-6b7169203331';

/** Maps records sent as OTLP/JSON, and checks protobuf maps the same. */
function map(records: Rec[], resource?: Parameters<typeof logsExport>[1]) {
  const request = logsExport(records, resource);
  const viaJson = mapLogsExport(
    collectLogRecords(decodeLogsRequest('json', Buffer.from(JSON.stringify(request)))),
    NOW_US,
  );
  const viaProtobuf = mapLogsExport(
    collectLogRecords(decodeLogsRequest('protobuf', Buffer.from(protobufLogs(request)))),
    NOW_US,
  );
  expect(viaProtobuf).toEqual(viaJson);
  return viaJson;
}

const inSpan = (r: Rec): Rec => ({ traceId: TRACE, spanId: SPAN, ...r });

describe('GenAI events as log records', () => {
  it('message events (older conventions, name in event_name) are the input in order, the choice the output', () => {
    const mapped = map([
      inSpan({ eventName: 'gen_ai.system.message', time: at(1), body: { content: 'be brief' } }),
      inSpan({ eventName: 'gen_ai.user.message', time: at(2), body: { content: 'weather in Paris?' } }),
      inSpan({
        eventName: 'gen_ai.assistant.message',
        time: at(3),
        body: { tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather' } }] },
      }),
      inSpan({ eventName: 'gen_ai.tool.message', time: at(4), body: { id: 'c1', content: 'sunny' } }),
      inSpan({
        eventName: 'gen_ai.choice',
        time: at(5),
        body: { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Sunny.' } },
      }),
    ]);
    expect(mapped.rejected).toEqual([]);
    expect(mapped.accepted).toBe(5);
    expect(mapped.traces).toHaveLength(1);
    const [piece] = mapped.traces;
    expect(piece!.piece.id).toBe(traceUuid);
    expect(piece!.observations).toEqual([
      {
        id: spanUuid,
        traceId: traceUuid,
        type: 'GENERATION',
        startUs: 1_772_359_200_001_000,
        input: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'weather in Paris?' },
          { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'weather' } }] },
          { role: 'tool', id: 'c1', content: 'sunny' },
        ],
        output: { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Sunny.' } },
        // Input and output carry the latest record's time as their version; type and start are weak.
        versions: {
          type: WEAK_VERSION,
          start: WEAK_VERSION,
          input: 1_772_359_200_005_000,
          output: 1_772_359_200_005_000,
        },
      },
    ]);
  });

  it('the event name may be the event.name attribute (SDKs before the event_name field); a text body is the content', () => {
    const mapped = map([
      inSpan({
        attributes: { 'event.name': 'gen_ai.user.message', 'gen_ai.system': 'openai' },
        time: at(1),
        body: 'hi',
      }),
      inSpan({
        attributes: { 'event.name': 'gen_ai.choice' },
        time: at(2),
        body: { index: 0, message: { content: 'yo' } },
      }),
    ]);
    const [o] = mapped.traces[0]!.observations;
    expect(o!.input).toEqual([{ role: 'user', content: 'hi' }]);
    expect(o!.output).toEqual({ index: 0, message: { content: 'yo' } });
  });

  it('a message whose body names another role keeps it; several choices are a list; content not captured stays a bare role', () => {
    const mapped = map([
      inSpan({ eventName: 'gen_ai.assistant.message', time: at(1), body: { role: 'developer', content: 'x' } }),
      inSpan({ eventName: 'gen_ai.user.message', time: at(2) }),
      inSpan({ eventName: 'gen_ai.choice', time: at(3), body: { index: 0 } }),
      inSpan({ eventName: 'gen_ai.choice', time: at(4), body: { index: 1 } }),
    ]);
    const [o] = mapped.traces[0]!.observations;
    expect(o!.input).toEqual([{ role: 'developer', content: 'x' }, { role: 'user' }]);
    expect(o!.output).toEqual([{ index: 0 }, { index: 1 }]);
  });

  it('the operation-details event (current conventions) carries gen_ai.input/output.messages as attributes', () => {
    const mapped = map([
      inSpan({
        eventName: 'gen_ai.client.inference.operation.details',
        time: at(7),
        attributes: {
          'gen_ai.input.messages': [{ role: 'user', parts: [{ type: 'text', content: 'hi' }] }],
          'gen_ai.output.messages': '[{"role":"assistant","parts":[{"type":"text","content":"hello"}]}]',
          'gen_ai.system_instructions': [{ type: 'text', content: 'be kind' }],
        },
      }),
    ]);
    const [o] = mapped.traces[0]!.observations;
    expect(o!.input).toEqual([
      { role: 'system', content: 'be kind' },
      { role: 'user', parts: [{ type: 'text', content: 'hi' }] },
    ]);
    expect(o!.output).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: 'hello' }] }]);
    expect(o!.versions).toEqual({
      type: WEAK_VERSION,
      start: WEAK_VERSION,
      input: 1_772_359_200_007_000,
      output: 1_772_359_200_007_000,
    });
  });

  it('only input (the choice not sent yet) gives a piece with only input; records of two spans make two pieces', () => {
    const other = 'c0ffee00c0ffee00';
    const mapped = map([
      inSpan({ eventName: 'gen_ai.user.message', time: at(1), body: { content: 'a' } }),
      { traceId: TRACE, spanId: other, eventName: 'gen_ai.choice', time: at(2), body: { index: 0 } },
    ]);
    const [first, second] = mapped.traces[0]!.observations;
    expect(first).toMatchObject({ id: spanUuid, input: [{ role: 'user', content: 'a' }] });
    expect(first!.output).toBeUndefined();
    expect(first!.versions!.output).toBeUndefined();
    expect(second).toMatchObject({ id: '00000000-0000-0000-c0ff-ee00c0ffee00', output: { index: 0 } });
    expect(second!.input).toBeUndefined();
  });
});

describe('other log records', () => {
  it('are EVENT observations under their span: body as input, attributes, severity, resource and scope as metadata', () => {
    const mapped = map(
      [
        inSpan({
          time: at(9),
          severityNumber: 17,
          severityText: 'ERROR',
          body: 'tool call failed\nstack...',
          attributes: { 'http.status_code': 502 },
        }),
      ],
      { 'service.name': 'chat', 'deployment.environment.name': 'staging' },
    );
    const [o] = mapped.traces[0]!.observations;
    expect(o).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      traceId: traceUuid,
      type: 'EVENT',
      name: 'tool call failed',
      startUs: 1_772_359_200_009_000,
      parentId: spanUuid,
      input: 'tool call failed\nstack...',
      level: 'ERROR',
      environment: 'staging',
      metadata: {
        attributes: { 'http.status_code': 502 },
        severity: { text: 'ERROR', number: 17 },
        resourceAttributes: { 'service.name': 'chat', 'deployment.environment.name': 'staging' },
        scope: { name: 'test-scope', version: '1.0' },
      },
    });
    expect(mapped.traces[0]!.piece).toMatchObject({
      id: traceUuid,
      environment: 'staging',
      timestampUs: 1_772_359_200_009_000,
    });
  });

  it('an event is named by its event name; a record with a trace id and no span id sits at the top of its trace', () => {
    const mapped = map([
      { traceId: TRACE, eventName: 'cache.miss', time: at(1), body: { key: 'k' }, severityNumber: 13 },
      { traceId: TRACE, time: at(2), severityNumber: 5 },
    ]);
    const [named, plain] = mapped.traces[0]!.observations;
    expect(named).toMatchObject({
      type: 'EVENT',
      name: 'cache.miss',
      parentId: null,
      input: { key: 'k' },
      level: 'WARNING',
    });
    expect(plain).toMatchObject({ type: 'EVENT', name: 'log', parentId: null, level: 'DEBUG' });
    expect(plain!.input).toBeUndefined();
  });

  it('the same record gets the same id (a re-sent export replaces it), a different one another id', () => {
    const record = inSpan({ time: at(1), body: 'x', attributes: { a: 1 } });
    const first = map([record]).traces[0]!.observations[0]!.id;
    expect(map([record]).traces[0]!.observations[0]!.id).toBe(first);
    expect(map([{ ...record, body: 'y' }]).traces[0]!.observations[0]!.id).not.toBe(first);
    expect(map([{ ...record, time: at(2) }]).traces[0]!.observations[0]!.id).not.toBe(first);
    // Twice in one export: two observations, with the same two ids when the export is sent again.
    const twice = map([record, record]).traces[0]!.observations.map((o) => o.id);
    expect(twice).toHaveLength(2);
    expect(twice[0]).toBe(first);
    expect(twice[1]).not.toBe(first);
    expect(map([record, record]).traces[0]!.observations.map((o) => o.id)).toEqual(twice);
  });

  it('a record without a time takes its observed time, else the arrival time', () => {
    const observed = map([inSpan({ observed: at(4), body: 'x' })]).traces[0]!.observations[0]!;
    expect(observed.startUs).toBe(1_772_359_200_004_000);
    expect(map([inSpan({ body: 'x' })]).traces[0]!.observations[0]!.startUs).toBe(NOW_US);
  });
});

describe('records that cannot be placed', () => {
  it('are rejected with the reason, never dropped silently; the others are kept', () => {
    const mapped = map([
      { time: at(1), body: 'no trace at all' },
      { spanId: SPAN, time: at(1), body: 'a span id without a trace id' },
      { traceId: 'abcd', time: at(1) },
      { traceId: TRACE, spanId: '00', time: at(1) },
      { traceId: TRACE, time: '9223372036854775807' },
      inSpan({ time: at(1), body: 'kept' }),
    ]);
    expect(mapped.accepted).toBe(1);
    expect(mapped.rejected).toEqual([
      'resourceLogs.0.scopeLogs.0.logRecords.0: no trace context (traceId is missing); log records are stored only as part of a trace',
      'resourceLogs.0.scopeLogs.0.logRecords.1: no trace context (traceId is missing); log records are stored only as part of a trace',
      'resourceLogs.0.scopeLogs.0.logRecords.2: traceId is not 16 bytes (hex, base64 or bytes)',
      'resourceLogs.0.scopeLogs.0.logRecords.3: spanId is not 8 bytes (hex, base64 or bytes)',
      'resourceLogs.0.scopeLogs.0.logRecords.4: timeUnixNano is after 2199-12-31T23:59:59.999999Z',
    ]);
    expect(mapped.traces[0]!.observations.map((o) => o.input)).toEqual(['kept']);
  });

  it('an export of nothing but such records maps to no piece', () => {
    expect(map([{ time: at(1), body: 'x' }]).traces).toEqual([]);
  });
});
