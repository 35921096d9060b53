import { ClickHouseError } from '@clickhouse/client';

/**
 * The ClickHouse error code of `err` as a string ('57' for TABLE_ALREADY_EXISTS), or undefined
 * when `err` is not an error ClickHouse raised. Callers branch on the code, never on message text.
 * Three shapes carry one: the ClickHouseError of @clickhouse/client (server mode); the copy of that
 * class in @clickhouse/client-common, which chDB's connection throws and `instanceof` misses; and
 * chDB's raw insert error (Db.insertText), which keeps the engine's code apart as `clickhouseCode`.
 */
export function clickHouseErrorCode(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  if (err instanceof ClickHouseError || err.constructor.name === ClickHouseError.name) {
    const code = (err as { code?: unknown }).code;
    return code === undefined ? undefined : String(code);
  }
  const engineCode = (err as { clickhouseCode?: unknown }).clickhouseCode;
  return engineCode === undefined ? undefined : String(engineCode);
}
