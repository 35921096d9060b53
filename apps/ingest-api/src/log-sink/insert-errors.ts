import { clickHouseErrorCode } from '@spanhouse/db';
import { UnknownChunkFormatError } from './table-writer.ts';

/**
 * ClickHouse error codes that mean "these rows can never be inserted" (parse and type errors).
 * Retrying them would hold the log's writer forever, so such an insert is split to find the chunk
 * and that chunk is set aside as a dead letter. Everything else (network, timeouts, memory, too
 * many parts, read-only disk) is worth retrying. Branches on the code, never on message text.
 */
const PERMANENT_CODES = new Set([
  '6', // CANNOT_PARSE_TEXT
  '25', // CANNOT_PARSE_ESCAPE_SEQUENCE
  '26', // CANNOT_PARSE_QUOTED_STRING
  '27', // CANNOT_PARSE_INPUT_ASSERTION_FAILED
  '38', // CANNOT_PARSE_DATE
  '41', // CANNOT_PARSE_DATETIME
  '53', // TYPE_MISMATCH
  '69', // ARGUMENT_OUT_OF_BOUND
  '70', // CANNOT_CONVERT_TYPE
  '72', // CANNOT_PARSE_NUMBER
  '117', // INCORRECT_DATA
  '131', // TOO_LARGE_STRING_SIZE
  '349', // CANNOT_INSERT_NULL_IN_ORDINARY_COLUMN
]);

export function isPermanentInsertError(err: unknown): boolean {
  if (err instanceof UnknownChunkFormatError) return true;
  const code = clickHouseErrorCode(err);
  return code !== undefined && PERMANENT_CODES.has(code);
}
