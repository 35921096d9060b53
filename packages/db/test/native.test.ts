import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeNative } from '../src/native.ts';
import { queryBinary } from '../src/query.ts';
import { openTestDb } from '../src/testing.ts';

let db: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  db = await openTestDb('native');
});
afterAll(async () => db?.close());

const native = (sql: string, settings?: Record<string, number>) =>
  queryBinary(db, { sql, tag: 'test', format: 'Native', settings }).then(decodeNative);

describe('Native columns', () => {
  it('reads every block of each fixed-width column into one typed array, values exact', async () => {
    const { rows, columns } = await native(
      `SELECT toUInt64(18446744073709551615 - number) AS id, toUInt32(number * 7) AS t,
              if(number = 3, nan, number / 3) AS v, toUInt8(number % 2) AS flag, toInt64(-number) AS neg
       FROM numbers(10)`,
      { max_block_size: 3 },
    );
    expect(rows).toBe(10);
    expect(Array.from(columns.get('id') as BigUint64Array)).toEqual(
      Array.from({ length: 10 }, (_, i) => 18446744073709551615n - BigInt(i)),
    );
    expect(Array.from(columns.get('t') as Uint32Array)).toEqual(Array.from({ length: 10 }, (_, i) => i * 7));
    expect(Array.from(columns.get('v') as Float64Array)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i === 3 ? Number.NaN : i / 3)),
    );
    expect(Array.from(columns.get('flag') as Uint8Array)).toEqual(Array.from({ length: 10 }, (_, i) => i % 2));
    expect(Array.from(columns.get('neg') as BigInt64Array)).toEqual(Array.from({ length: 10 }, (_, i) => -BigInt(i)));
  });

  it('answers no rows for an empty result', async () => {
    expect((await native('SELECT toUInt32(number) AS n FROM numbers(0)')).rows).toBe(0);
  });

  it('refuses a column it does not decode instead of misreading it', async () => {
    await expect(native("SELECT 'x' AS s")).rejects.toThrow('column s of type String is not decoded here');
  });
});
