import type { ScoreBody } from '@spanhouse/schema';
import type { ScoreConfigRow } from '@spanhouse/store';
import { describe, expect, it } from 'vitest';
import { scoreRowOf } from '../../src/scores/rows.ts';

const config = (id: string, fields: Partial<ScoreConfigRow>): [string, ScoreConfigRow] => [
  id,
  {
    project_id: 'p',
    id,
    name: id,
    data_type: 'NUMERIC',
    is_archived: 0,
    min_value: null,
    max_value: null,
    categories: null,
    description: null,
    created_at: 0,
    updated_at: 0,
    version: 1,
    ...fields,
  },
];
const configs = new Map([
  config('range', { min_value: 0, max_value: 1 }),
  config('open', {}),
  config('cats', { data_type: 'CATEGORICAL', categories: [{ label: 'a', value: 7 }] }),
]);
const at = { project: 'p', id: 's', timestampUs: 0, version: 2, nowUs: 0 };
const row = (body: Partial<ScoreBody>) => scoreRowOf({ traceId: 't', name: 'sent', value: 0, ...body }, at, configs);

describe('scoreRowOf with a configId', () => {
  it("takes the config's name and data type, and a category's value", () => {
    expect(row({ value: 1, configId: 'range' })).toMatchObject({ name: 'range', data_type: 'NUMERIC', value: 1 });
    expect(row({ value: -1e300, configId: 'open' })).toMatchObject({ value: -1e300 });
    expect(row({ value: 'a', configId: 'cats' })).toMatchObject({
      data_type: 'CATEGORICAL',
      value: 7,
      string_value: 'a',
    });
  });

  it('refuses an unknown config with 404 and a score outside its config with 400', () => {
    expect(() => row({ configId: 'missing' })).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => row({ value: 1.5, configId: 'range' })).toThrow(/Value exceeds maximum value of 1 defined in config/);
    expect(() => row({ value: 'b', configId: 'cats' })).toThrow(/Value b does not map to a valid category/);
    expect(() => row({ value: 'a', configId: 'range' })).toThrow('value: must be a number for dataType NUMERIC');
  });
});
