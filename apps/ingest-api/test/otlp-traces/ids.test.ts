import { describe, expect, it } from 'vitest';
import {
  idToHex,
  referenceIdToHex,
  SPAN_ID_BYTES,
  spanIdToUuid,
  TRACE_ID_BYTES,
  traceIdToUuid,
} from '../../src/otlp-traces/ids.ts';

const TRACE_HEX = '5b8efff798038103d269b633813fc60c';
const SPAN_HEX = 'eee19b7ec3c1b174';

describe('idToHex', () => {
  it('reads protobuf bytes', () => {
    expect(idToHex(Buffer.from(TRACE_HEX, 'hex'), TRACE_ID_BYTES)).toBe(TRACE_HEX);
    expect(idToHex(new Uint8Array(Buffer.from(SPAN_HEX, 'hex')), SPAN_ID_BYTES)).toBe(SPAN_HEX);
  });

  it('reads OTLP/JSON hex in either case', () => {
    expect(idToHex(TRACE_HEX, TRACE_ID_BYTES)).toBe(TRACE_HEX);
    expect(idToHex(TRACE_HEX.toUpperCase(), TRACE_ID_BYTES)).toBe(TRACE_HEX);
    expect(idToHex(SPAN_HEX, SPAN_ID_BYTES)).toBe(SPAN_HEX);
  });

  it('reads base64 (protobuf JSON mapping), standard and URL-safe', () => {
    const b64 = Buffer.from(TRACE_HEX, 'hex').toString('base64');
    expect(b64).toHaveLength(24);
    expect(idToHex(b64, TRACE_ID_BYTES)).toBe(TRACE_HEX);
    expect(idToHex(Buffer.from(TRACE_HEX, 'hex').toString('base64url'), TRACE_ID_BYTES)).toBe(TRACE_HEX);
    expect(idToHex(Buffer.from(SPAN_HEX, 'hex').toString('base64'), SPAN_ID_BYTES)).toBe(SPAN_HEX);
  });

  it("says '' for absent ids and null for malformed ones", () => {
    expect(idToHex(undefined, TRACE_ID_BYTES)).toBe('');
    expect(idToHex('', TRACE_ID_BYTES)).toBe('');
    expect(idToHex(new Uint8Array(0), SPAN_ID_BYTES)).toBe('');
    expect(idToHex(Buffer.alloc(8, 1), TRACE_ID_BYTES)).toBeNull(); // wrong length
    expect(idToHex(SPAN_HEX, TRACE_ID_BYTES)).toBeNull();
    expect(idToHex(`${SPAN_HEX}zz`, SPAN_ID_BYTES)).toBeNull();
    expect(idToHex('not an id!', SPAN_ID_BYTES)).toBeNull();
    expect(idToHex('0'.repeat(32), TRACE_ID_BYTES)).toBeNull(); // all zero is invalid in OTLP
    expect(idToHex(Buffer.alloc(8), SPAN_ID_BYTES)).toBeNull();
  });
});

describe('referenceIdToHex', () => {
  it('reads an all-zero id as absent, in every encoding', () => {
    expect(referenceIdToHex('0'.repeat(16), SPAN_ID_BYTES)).toBe('');
    expect(referenceIdToHex(Buffer.alloc(8), SPAN_ID_BYTES)).toBe('');
    expect(referenceIdToHex(new Uint8Array(16), TRACE_ID_BYTES)).toBe('');
    expect(referenceIdToHex(Buffer.alloc(8).toString('base64'), SPAN_ID_BYTES)).toBe('');
  });

  it('reads other ids as idToHex does', () => {
    expect(referenceIdToHex(SPAN_HEX.toUpperCase(), SPAN_ID_BYTES)).toBe(SPAN_HEX);
    expect(referenceIdToHex(undefined, SPAN_ID_BYTES)).toBe('');
    expect(referenceIdToHex('0'.repeat(15), SPAN_ID_BYTES)).toBeNull();
    expect(referenceIdToHex(Buffer.alloc(7), SPAN_ID_BYTES)).toBeNull();
  });
});

describe('ids as UUIDs (docs/api.md, OTLP)', () => {
  it('a trace id is its 32 hex digits as 8-4-4-4-12', () => {
    expect(traceIdToUuid(TRACE_HEX)).toBe('5b8efff7-9803-8103-d269-b633813fc60c');
  });

  it('a span id is 16 zeros plus its 16 hex digits', () => {
    expect(spanIdToUuid(SPAN_HEX)).toBe('00000000-0000-0000-eee1-9b7ec3c1b174');
  });
});
