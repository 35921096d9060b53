import { crc32c } from '@node-rs/crc32';

/**
 * One record of the log: the rows one request carried, per table, as encoded bytes.
 *
 * On disk (little-endian):
 *
 *   magic u32 | length u32 | crc u32 | payload (length bytes)
 *
 * `crc` is the CRC-32C of the length field's four bytes followed by the payload, so a damaged
 * length is caught as surely as a damaged payload. The magic number lets recovery find the next
 * record after a damaged one. The payload:
 *
 *   lsn u64 | appendedAtMs f64 | chunk count u16 | chunks
 *   chunk: table length u8 | table (ASCII) | columns length u16 | columns (ASCII, comma-separated)
 *          | rows u32 | data length u32 | data
 *
 * Each chunk names its table and columns, so a record written by one version of the service is
 * inserted correctly by the next even if a table gained columns in between.
 */
export type LogChunk = {
  table: string;
  /** The columns each encoded line holds, in order. */
  columns: readonly string[];
  /** Rows the data holds (for metrics and accounting; the log does not parse the data). */
  rows: number;
  /** The rows, encoded (TabSeparated lines). */
  data: Uint8Array;
};

export type LogRecord = {
  /** Log sequence number: strictly increasing in append order, never reused. */
  lsn: number;
  appendedAtMs: number;
  chunks: LogChunk[];
};

export const RECORD_MAGIC = 0x314c4853; // "SHL1" read as little-endian bytes
export const HEADER_BYTES = 12;
/** A record longer than this is treated as damage (a length field gone wrong), never allocated. */
export const MAX_RECORD_BYTES = 1024 * 1024 * 1024;

const ascii = (s: string) => Buffer.from(s, 'latin1');

/**
 * The record as buffers to write one after another (header, then per chunk its fields and its
 * data, which is not copied). `bytes` is their total length.
 */
export function encodeRecord(record: LogRecord): { parts: Uint8Array[]; bytes: number } {
  const head = Buffer.allocUnsafe(HEADER_BYTES + 18);
  const parts: Uint8Array[] = [head];
  head.writeBigUInt64LE(BigInt(record.lsn), HEADER_BYTES);
  head.writeDoubleLE(record.appendedAtMs, HEADER_BYTES + 8);
  head.writeUInt16LE(record.chunks.length, HEADER_BYTES + 16);
  let length = 18;
  for (const chunk of record.chunks) {
    const table = ascii(chunk.table);
    const columns = ascii(chunk.columns.join(','));
    if (table.length > 255 || columns.length > 65535) throw new Error(`table or column names too long: ${chunk.table}`);
    const meta = Buffer.allocUnsafe(1 + table.length + 2 + columns.length + 8);
    let at = meta.writeUInt8(table.length, 0);
    at += table.copy(meta, at);
    at = meta.writeUInt16LE(columns.length, at);
    at += columns.copy(meta, at);
    at = meta.writeUInt32LE(chunk.rows, at);
    meta.writeUInt32LE(chunk.data.length, at);
    parts.push(meta, chunk.data);
    length += meta.length + chunk.data.length;
  }
  head.writeUInt32LE(RECORD_MAGIC, 0);
  head.writeUInt32LE(length, 4);
  let crc = crc32c(head.subarray(4, 8));
  crc = crc32c(head.subarray(HEADER_BYTES), crc);
  for (let i = 1; i < parts.length; i++) crc = crc32c(parts[i] as Buffer, crc);
  head.writeUInt32LE(crc >>> 0, 8);
  return { parts, bytes: HEADER_BYTES + length };
}

/** What is at `offset` of `buf`: a whole record, the start of one cut off by the buffer's end, or damage. */
export type Decoded =
  | { kind: 'record'; record: LogRecord; end: number }
  | { kind: 'partial'; needBytes: number }
  | { kind: 'damaged'; reason: string };

/**
 * Reads the record at `offset`. The chunk data are views into `buf`, not copies. `partial` means
 * the bytes end inside a record that looks whole so far: read more (or, at the end of a file, it
 * is a torn write).
 */
export function decodeRecord(buf: Buffer, offset: number): Decoded {
  if (buf.length - offset < HEADER_BYTES) return { kind: 'partial', needBytes: HEADER_BYTES };
  if (buf.readUInt32LE(offset) !== RECORD_MAGIC) return { kind: 'damaged', reason: 'no record starts here' };
  const length = buf.readUInt32LE(offset + 4);
  if (length < 18 || length > MAX_RECORD_BYTES) return { kind: 'damaged', reason: `implausible length ${length}` };
  const end = offset + HEADER_BYTES + length;
  if (end > buf.length) return { kind: 'partial', needBytes: HEADER_BYTES + length };
  const payload = buf.subarray(offset + HEADER_BYTES, end);
  const crc = crc32c(payload, crc32c(buf.subarray(offset + 4, offset + 8))) >>> 0;
  if (crc !== buf.readUInt32LE(offset + 8)) return { kind: 'damaged', reason: 'checksum mismatch' };
  try {
    return { kind: 'record', record: parsePayload(payload), end };
  } catch (err) {
    // The checksum matched, so this is a record this code cannot read (a bug, or a future format).
    return { kind: 'damaged', reason: (err as Error).message };
  }
}

function parsePayload(p: Buffer): LogRecord {
  const lsn = Number(p.readBigUInt64LE(0));
  const appendedAtMs = p.readDoubleLE(8);
  const count = p.readUInt16LE(16);
  const chunks: LogChunk[] = [];
  let at = 18;
  for (let i = 0; i < count; i++) {
    const tableLength = p.readUInt8(at);
    const table = p.toString('latin1', at + 1, at + 1 + tableLength);
    at += 1 + tableLength;
    const columnsLength = p.readUInt16LE(at);
    const columns = p.toString('latin1', at + 2, at + 2 + columnsLength).split(',');
    at += 2 + columnsLength;
    const rows = p.readUInt32LE(at);
    const dataLength = p.readUInt32LE(at + 4);
    at += 8;
    if (at + dataLength > p.length) throw new Error('chunk runs past the record');
    chunks.push({ table, columns, rows, data: p.subarray(at, at + dataLength) });
    at += dataLength;
  }
  if (at !== p.length) throw new Error('bytes left over after the last chunk');
  return { lsn, appendedAtMs, chunks };
}
