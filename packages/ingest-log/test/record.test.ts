import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRecord, encodeRecord, type LogRecord, scanSegment } from '../src/index.ts';
import { encodeRecordV1 } from '../src/testing.ts';

const chunkArb = fc.oneof(
  fc.record({
    table: fc.stringMatching(/^[a-z_]{1,40}$/),
    columns: fc.array(fc.stringMatching(/^[a-z_]{1,20}$/), { minLength: 1, maxLength: 20 }),
    format: fc.constant('TabSeparated'),
    rows: fc.nat({ max: 1_000_000 }),
    data: fc.uint8Array({ maxLength: 4096 }),
  }),
  fc
    .record({
      table: fc.stringMatching(/^[a-z_]{1,40}$/),
      columns: fc.array(fc.tuple(fc.stringMatching(/^[a-z_]{1,20}$/), fc.stringMatching(/^[A-Za-z0-9(), ']{1,60}$/)), {
        minLength: 1,
        maxLength: 20,
      }),
      rows: fc.nat({ max: 1_000_000 }),
      data: fc.uint8Array({ maxLength: 4096 }),
    })
    .map(({ columns, ...chunk }) => ({
      ...chunk,
      columns: columns.map(([name]) => name),
      format: 'RowBinary',
      types: columns.map(([, type]) => type),
    })),
);
const recordArb = fc.record({
  lsn: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  appendedAtMs: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  chunks: fc.array(chunkArb, { maxLength: 5 }),
});
const bytesOf = (r: LogRecord) => Buffer.concat(encodeRecord(r).parts);

describe('log records', () => {
  it('decode what was encoded, at any offset, with the declared length', () => {
    fc.assert(
      fc.property(recordArb, fc.uint8Array({ maxLength: 64 }), (record, prefix) => {
        const bytes = bytesOf(record);
        expect(bytes.length).toBe(encodeRecord(record).bytes);
        const decoded = decodeRecord(Buffer.concat([prefix, bytes]), prefix.length);
        expect(decoded.kind).toBe('record');
        if (decoded.kind !== 'record') return;
        expect(decoded.end).toBe(prefix.length + bytes.length);
        expect(decoded.record.lsn).toBe(record.lsn);
        expect(decoded.record.appendedAtMs).toBe(record.appendedAtMs);
        expect(decoded.record.chunks.map((c) => ({ ...c, data: Buffer.from(c.data) }))).toEqual(
          record.chunks.map((c) => ({ ...c, data: Buffer.from(c.data) })),
        );
      }),
    );
  });

  it('report a record cut short as partial, with the bytes it needs', () => {
    fc.assert(
      fc.property(recordArb, fc.nat(), (record, cutAt) => {
        const bytes = bytesOf(record);
        const cut = bytes.subarray(0, cutAt % bytes.length);
        const decoded = decodeRecord(cut, 0);
        expect(decoded.kind).toBe('partial');
        if (decoded.kind === 'partial' && cut.length >= 12) expect(decoded.needBytes).toBe(bytes.length);
      }),
    );
  });

  it('detect any single flipped bit after the magic number as damage', () => {
    fc.assert(
      fc.property(recordArb, fc.nat(), fc.integer({ min: 0, max: 7 }), (record, at, bit) => {
        const bytes = bytesOf(record);
        const i = 4 + (at % (bytes.length - 4));
        bytes[i]! ^= 1 << bit;
        const decoded = decodeRecord(bytes, 0);
        // A flipped length bit may also make the record look longer than the bytes: partial.
        expect(decoded.kind).not.toBe('record');
      }),
    );
  });

  it('read a record written before chunks named their format (version 1) as TabSeparated chunks', () => {
    fc.assert(
      fc.property(recordArb, (record) => {
        const old = {
          ...record,
          chunks: record.chunks.map(({ table, columns, rows, data }) => ({ table, columns, rows, data })),
        };
        const decoded = decodeRecord(encodeRecordV1(old), 0);
        expect(decoded.kind).toBe('record');
        if (decoded.kind !== 'record') return;
        expect(decoded.record.lsn).toBe(record.lsn);
        expect(decoded.record.chunks.map((c) => ({ ...c, data: Buffer.from(c.data) }))).toEqual(
          old.chunks.map((c) => ({ ...c, format: 'TabSeparated', data: Buffer.from(c.data) })),
        );
      }),
    );
  });

  it('a segment holding version 1 records, then version 2 ones (a log that lived through the upgrade), scans whole, and recovery finds either after damage', () => {
    const [a, b, c] = fc.sample(recordArb, { numRuns: 3, seed: 54 }).map((r, i) => ({ ...r, lsn: i + 1 }));
    const v1 = encodeRecordV1(a!);
    const v2 = bytesOf(b!);
    const v2b = bytesOf(c!);
    expect(scanSegment(Buffer.concat([v1, v2, v2b]))).toMatchObject({
      state: 'clean',
      records: [{ lsn: 1 }, { lsn: 2 }, { lsn: 3 }],
    });
    const damaged = Buffer.concat([Buffer.from('garbage'), v1, Buffer.from('more garbage'), v2]);
    expect(scanSegment(damaged).records.map((r) => r.lsn)).toEqual([1, 2]);
  });
});
