export { LogClosedError, LogFullError, LogLockedError, LogWriteError, RecordTooLargeError } from './errors.ts';
export { type FileLayer, type LogFile, nodeFileLayer } from './file-layer.ts';
export { LogReader } from './reader.ts';
export { DEFAULT_CHUNK_FORMAT, decodeRecord, encodeRecord, type LogChunk, type LogRecord } from './record.ts';
export { CORRUPT_DIR, type RecoveryReport } from './recovery.ts';
export { scanSegment } from './segment-scan.ts';
export { segmentName } from './segments.ts';
export { type WalOptions, WriteAheadLog } from './wal.ts';
