import { ApiError } from '@spanhouse/http';
import { describe, expect, it } from 'vitest';
import { decodeLogsRequest } from '../../src/otlp-logs/decode.ts';
import { collectLogRecords } from '../../src/otlp-logs/records.ts';
import { at, logsExport, protobufLogs, SPAN, TRACE } from './requests.ts';


const refusal = (encoding: 'json' | 'protobuf', body: string | Uint8Array) => {
  try {
    decodeLogsRequest(encoding, Buffer.from(body));
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return `${(err as ApiError).code}: ${(err as ApiError).message}`;
  }
  throw new Error('decoded');
};

describe('decodeLogsRequest', () => {
  it('reads the event_name field (12) and the fixed64 times exactly from protobuf', () => {
    const request = logsExport([{ traceId: TRACE, spanId: SPAN, time: at(1), eventName: 'gen_ai.choice', body: 'x' }]);
    const decoded = decodeLogsRequest('protobuf', Buffer.from(protobufLogs(request)));
    const record = decoded.resourceLogs![0]!.scopeLogs![0]!.logRecords![0]!;
    expect(record.eventName).toBe('gen_ai.choice');
    const t = record.timeUnixNano as { low: number; high: number };
    expect(String((BigInt(t.high >>> 0) << 32n) | BigInt(t.low >>> 0))).toBe(at(1));
    expect(Buffer.from(record.traceId as Uint8Array).toString('hex')).toBe(TRACE);
  });

  it('a body that is not an ExportLogsServiceRequest is a 400 naming what is wrong', () => {
    expect(refusal('protobuf', new Uint8Array([0x0a, 0xff]))).toMatch(
      /^BAD_REQUEST: request body is not a protobuf ExportLogsServiceRequest/,
    );
    expect(refusal('json', '{"resourceLogs": [{"scopeLogs": [{"logRecords": [{"severityText": 3}]}]}]}')).toBe(
      'BAD_REQUEST: resourceLogs.0.scopeLogs.0.logRecords.0.severityText: must be a string, not a number',
    );
    expect(refusal('json', '{"resourceLogs": [{"scopeLogs": [{"logRecords": [{"body": {"intValue": "x"}}]}]}]}')).toBe(
      'BAD_REQUEST: resourceLogs.0.scopeLogs.0.logRecords.0.body.intValue: must be an integer (a number or a decimal string), not the string "x"',
    );
    expect(refusal('json', '[]')).toBe(
      'BAD_REQUEST: request body: must be a JSON object (an OTLP ExportLogsServiceRequest), not an array',
    );
  });

  it('severity by enum name (OTLP/JSON senders may write it) reads as its number', () => {
    const names = ['SEVERITY_NUMBER_WARN2', 'SEVERITY_NUMBER_ERROR', 'SEVERITY_NUMBER_TRACE', 'SEVERITY_NUMBER_NOPE'];
    const body = JSON.stringify({
      resourceLogs: [{ scopeLogs: [{ logRecords: names.map((severityNumber) => ({ severityNumber })) }] }],
    });
    const records = collectLogRecords(decodeLogsRequest('json', Buffer.from(body)));
    expect(records.map((r) => r.severityNumber)).toEqual([14, 17, 1, 0]);
  });
});
