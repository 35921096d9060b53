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
 *   chunk: table length u8 | table (ASCII) | format length u8 | format (ASCII)
 *          | columns length u16 | columns (ASCII, comma-separated)
 *          | types length u16 | types (ASCII, newline-separated; none for a text format)
 *          | rows u32 | data length u32 | data
 *
 * Each chunk names its table, its format and its columns (with the type each was written as, for
 * a binary format), so a record written by one version of the service is inserted correctly by the
 * next even if a table gained columns or changed its encoding in between.
 *
 * Records written before formats (RECORD_MAGIC_V1, "SHL1") have neither format nor types in their
 * chunks: they hold TabSeparated lines. They are read as such; every record written now is a
 * version 2 record (RECORD_MAGIC, "SHL2").
 */
export type LogChunk = {
  table: string;
  /** The columns each encoded row holds, in order. */
  columns: readonly string[];
  /** The format of `data` (a ClickHouse input format name); TabSeparated when absent. */
  format?: string;
  /** The type each column was written as, in `columns`' order: given for a binary format. */
  types?: readonly string[];
  /** Rows the data holds (for metrics and accounting; the log does not parse the data). */
  rows: number;
  /** The rows, encoded in `format`. */
  data: Uint8Array;
};

/** The format of a chunk that names none (every chunk of a version 1 record). */
export const DEFAULT_CHUNK_FORMAT = 'TabSeparated';

export type LogRecord = {
  /** Log sequence number: strictly increasing in append order, never reused. */
  lsn: number;
  appendedAtMs: number;
  chunks: LogChunk[];
};

export const RECORD_MAGIC = 0x324c4853; // "SHL2" read as little-endian bytes
export const RECORD_MAGIC_V1 = 0x314c4853; // "SHL1": records written before chunks named their format
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
    const format = ascii(chunk.format ?? DEFAULT_CHUNK_FORMAT);
    const columns = ascii(chunk.columns.join(','));
    const types = ascii(chunk.types?.join('\n') ?? '');
    if (table.length > 255 || format.length > 255 || columns.length > 65535 || types.length > 65535)
      throw new Error(`table, format, column names or types too long: ${chunk.table}`);
    const meta = Buffer.allocUnsafe(1 + table.length + 1 + format.length + 2 + columns.length + 2 + types.length + 8);
    let at = meta.writeUInt8(table.length, 0);
    at += table.copy(meta, at);
    at = meta.writeUInt8(format.length, at);
    at += format.copy(meta, at);
    at = meta.writeUInt16LE(columns.length, at);
    at += columns.copy(meta, at);
    at = meta.writeUInt16LE(types.length, at);
    at += types.copy(meta, at);
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
  const magic = buf.readUInt32LE(offset);
  if (magic !== RECORD_MAGIC && magic !== RECORD_MAGIC_V1) return { kind: 'damaged', reason: 'no record starts here' };
  const length = buf.readUInt32LE(offset + 4);
  if (length < 18 || length > MAX_RECORD_BYTES) return { kind: 'damaged', reason: `implausible length ${length}` };
  const end = offset + HEADER_BYTES + length;
  if (end > buf.length) return { kind: 'partial', needBytes: HEADER_BYTES + length };
  const payload = buf.subarray(offset + HEADER_BYTES, end);
  const crc = crc32c(payload, crc32c(buf.subarray(offset + 4, offset + 8))) >>> 0;
  if (crc !== buf.readUInt32LE(offset + 8)) return { kind: 'damaged', reason: 'checksum mismatch' };
  try {
    return { kind: 'record', record: parsePayload(payload, magic === RECORD_MAGIC_V1 ? 1 : 2), end };
  } catch (err) {
    // The checksum matched, so this is a record this code cannot read (a bug, or a future format).
    return { kind: 'damaged', reason: (err as Error).message };
  }
}

function parsePayload(p: Buffer, version: 1 | 2): LogRecord {
  const lsn = Number(p.readBigUInt64LE(0));
  const appendedAtMs = p.readDoubleLE(8);
  const count = p.readUInt16LE(16);
  const chunks: LogChunk[] = [];
  let at = 18;
  for (let i = 0; i < count; i++) {
    const tableLength = p.readUInt8(at);
    const table = p.toString('latin1', at + 1, at + 1 + tableLength);
    at += 1 + tableLength;
    let format = DEFAULT_CHUNK_FORMAT;
    if (version === 2) {
      const formatLength = p.readUInt8(at);
      format = p.toString('latin1', at + 1, at + 1 + formatLength);
      at += 1 + formatLength;
    }
    const columnsLength = p.readUInt16LE(at);
    const columns = p.toString('latin1', at + 2, at + 2 + columnsLength).split(',');
    at += 2 + columnsLength;
    let types: string[] | undefined;
    if (version === 2) {
      const typesLength = p.readUInt16LE(at);
      if (typesLength > 0) types = p.toString('latin1', at + 2, at + 2 + typesLength).split('\n');
      at += 2 + typesLength;
    }
    const rows = p.readUInt32LE(at);
    const dataLength = p.readUInt32LE(at + 4);
    at += 8;
    if (at + dataLength > p.length) throw new Error('chunk runs past the record');
    const data = p.subarray(at, at + dataLength);
    chunks.push(types ? { table, columns, format, types, rows, data } : { table, columns, format, rows, data });
    at += dataLength;
  }
  if (at !== p.length) throw new Error('bytes left over after the last chunk');
  return { lsn, appendedAtMs, chunks };
}
