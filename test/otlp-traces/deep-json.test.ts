import { TraceDetail } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { hex, jsonExport, protobufExport, spanUuid, traceUuid } from '../support/otlp-request.ts';

/*
 * Attributes that carry JSON as text are parsed; text nested too deep to be written back (4,110
 * levels here) must fail nothing: not the request (a 500 used to lose the whole export), not its
 * neighbours, not even its own span, which keeps the value as the text it was sent as.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-deep-json');
});
afterAll(() => t?.close());

const DEEP = `${'['.repeat(4110)}${']'.repeat(4110)}`;
/** Every attribute the mapping reads as JSON text. */
const JSON_ATTRIBUTES = [
  'langfuse.observation.input',
  'langfuse.observation.output',
  'langfuse.observation.metadata',
  'langfuse.observation.model.parameters',
  'langfuse.trace.input',
  'langfuse.trace.output',
  'langfuse.trace.metadata',
  'gen_ai.prompt',
  'gen_ai.completion',
  'input.value',
  'output.value',
  'ai.prompt',
  'ai.response.text',
];

const PATH = '/api/public/otel/v1/traces';

describe.each(['json', 'protobuf'] as const)('OTLP %s: deeply nested JSON text in an attribute', (encoding) => {
  it.each(JSON_ATTRIBUTES)('%s: the export is stored whole, its neighbour too, the value kept as text', async (key) => {
    const traceId = hex(16);
    const deep = hex(8);
    const sibling = hex(8);
    const spans = [
      { traceId, spanId: deep, name: 'deep', attributes: [[key, DEEP]] as [string, string][] },
      {
        traceId,
        spanId: sibling,
        name: 'sibling',
        attributes: [['langfuse.observation.input', '{"ok":true}']] as [string, string][],
      },
    ];
    const json = jsonExport(spans);
    const res = await t.request(PATH, {
      method: 'POST',
      body: encoding === 'json' ? json : protobufExport(json),
      headers: { 'Content-Type': encoding === 'json' ? 'application/json' : 'application/x-protobuf' },
    });
    expect(res.status).toBe(200);
    const trace = v.parse(TraceDetail, (await t.get(`/api/public/traces/${traceUuid(traceId)}`)).body);
    const byId = Object.fromEntries(trace.observations.map((o) => [o.id, o]));
    expect(Object.keys(byId).sort()).toEqual([spanUuid(deep), spanUuid(sibling)].sort());
    expect(byId[spanUuid(sibling)]!.input).toEqual({ ok: true });
    // Somewhere on the trace or the span the deep text is kept as it was sent.
    expect(JSON.stringify(trace)).toContain(JSON.stringify(DEEP));
  });
});
