import { describe, expect, it } from 'vitest';
import { isPermanentInsertError } from '../../src/log-sink/insert-errors.ts';

describe('isPermanentInsertError on the embedded engine', () => {
  it('recognises the ClickHouseError chDB throws (another copy of the class) by its code', async () => {
    const { openTestDb } = await import('@spanhouse/db/testing');
    const db = await openTestDb('permanent_errors');
    try {
      await db.writer.command({ query: "CREATE TABLE t (ts DateTime64(6, 'UTC')) ENGINE = MergeTree ORDER BY ts" });
      const err = await db.writer
        .insert({ table: 't', values: [{ ts: 'not a time' }], format: 'JSONEachRow' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(isPermanentInsertError(err)).toBe(true);
      expect(isPermanentInsertError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(false);
      // The raw insert behind Db.insertText throws chDB's own error class.
      const raw = await db
        .insertText({ table: 't', columns: ['ts'], format: 'TabSeparated', text: 'not a time\n' })
        .catch((e: unknown) => e);
      expect(raw).toBeInstanceOf(Error);
      expect(isPermanentInsertError(raw)).toBe(true);
    } finally {
      await db.close();
    }
  });
});
