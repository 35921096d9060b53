import { ClickHouseError } from '@clickhouse/client';

/**
 * ClickHouse error codes that mean "these rows can never be inserted" (parse and type errors).
 * Retrying them would block the buffer forever, so such a batch is split and only the request
 * that carried the bad rows fails. Everything else (network, timeouts, memory, too many parts,
 * read-only disk) is worth retrying. Branches on the code, never on message text.
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
  if (err instanceof ClickHouseError) return PERMANENT_CODES.has(String(err.code));
  if (!(err instanceof Error)) return false;
  // chDB's connection throws the ClickHouseError of @clickhouse/client-common, a different class
  // from the one @clickhouse/client exports, so instanceof misses it: recognise it by its shape.
  if (err.constructor.name === ClickHouseError.name)
    return PERMANENT_CODES.has(String((err as { code?: unknown }).code));
  // chDB's raw insert (Db.insertText) throws its own ChdbInsertError, with the engine's code apart.
  const engineCode = (err as { clickhouseCode?: unknown }).clickhouseCode;
  return engineCode !== undefined && PERMANENT_CODES.has(String(engineCode));
}
