import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { hex, protobufExport, spanUuid, traceUuid } from '../support/otlp-request.ts';

/*
 * An instrumentation scope carries attributes of its own (OTLP 1.x `InstrumentationScope.attributes`),
 * besides its name and version. They are kept in each observation's `metadata.scope`, beside the
 * resource attributes, as Langfuse keeps them: for spans (OTLP/JSON and protobuf) and log records.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-scope-attributes');
});
afterAll(() => t?.close());

const SCOPE = {
  name: 'my.instrumentation',
  version: '1.4.0',
  attributes: [
    { key: 'library.team', value: { stringValue: 'search' } },
    { key: 'library.flags', value: { arrayValue: { values: [{ stringValue: 'a' }, { stringValue: 'b' }] } } },
  ],
};
const SCOPE_METADATA = {
  name: 'my.instrumentation',
  version: '1.4.0',
  attributes: { 'library.team': 'search', 'library.flags': ['a', 'b'] },
};

function traceExport(traceId: string, spanId: string, scope: object = SCOPE): string {
  return JSON.stringify({
    resourceSpans: [
      {
        scopeSpans: [
          {
            scope,
            spans: [{ traceId, spanId, name: 'scoped', startTimeUnixNano: '1772359200000000000' }],
          },
        ],
      },
    ],
  });
}

async function observationOf(traceId: string, id: string) {
  const trace = await t.get(`/api/public/traces/${traceUuid(traceId)}`);
  expect(trace.status, JSON.stringify(trace.body)).toBe(200);
  return trace.body.observations.find((o: { id: string }) => o.id === id);
}

describe('instrumentation scope attributes', () => {
  it.each(['json', 'protobuf'] as const)('%s spans: kept in metadata.scope', async (encoding) => {
    const [traceId, spanId] = [hex(16), hex(8)];
    const json = traceExport(traceId, spanId);
    const res = await t.request('/api/public/otel/v1/traces', {
      method: 'POST',
      body: encoding === 'json' ? json : protobufExport(json),
      headers: { 'Content-Type': encoding === 'json' ? 'application/json' : 'application/x-protobuf' },
    });
    expect(res.status).toBe(200);
    expect((await observationOf(traceId, spanUuid(spanId))).metadata.scope).toEqual(SCOPE_METADATA);
  });

  it('a scope with attributes but no name is kept too; one that says nothing is left out', async () => {
    const [traceId, named, empty] = [hex(16), hex(8), hex(8)];
    const body = JSON.parse(traceExport(traceId, named, { attributes: SCOPE.attributes }));
    body.resourceSpans[0].scopeSpans.push({
      scope: {},
      spans: [{ traceId, spanId: empty, name: 'unscoped', startTimeUnixNano: '1772359200000000000' }],
    });
    expect((await t.post('/api/public/otel/v1/traces', body)).status).toBe(200);
    expect((await observationOf(traceId, spanUuid(named))).metadata.scope).toEqual({
      attributes: SCOPE_METADATA.attributes,
    });
    expect((await observationOf(traceId, spanUuid(empty))).metadata.scope).toBeUndefined();
  });

  it('log records: kept in the EVENT observation’s metadata.scope', async () => {
    const traceId = hex(16);
    const res = await t.post('/api/public/otel/v1/logs', {
      resourceLogs: [
        {
          scopeLogs: [
            {
              scope: SCOPE,
              logRecords: [{ traceId, timeUnixNano: '1772359200000000000', body: { stringValue: 'scoped line' } }],
            },
          ],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const trace = await t.get(`/api/public/traces/${traceUuid(traceId)}`);
    const event = trace.body.observations.find((o: { name: string }) => o.name === 'scoped line');
    expect(event.metadata.scope).toEqual(SCOPE_METADATA);
  });
});
