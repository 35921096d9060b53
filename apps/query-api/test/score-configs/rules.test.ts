import type { ScoreConfigRow } from '@spanhouse/store';
import { describe, expect, it } from 'vitest';
import { BOOLEAN_CATEGORIES, configProblem, createdFields, updatedConfig } from '../../src/score-configs/rules.ts';

const config = (fields: Partial<ScoreConfigRow>): ScoreConfigRow => ({
  project_id: 'p',
  id: 'c',
  name: 'n',
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
});

describe('configProblem', () => {
  it('keeps a range to NUMERIC configs, its maximum above its minimum', () => {
    expect(configProblem(config({ min_value: 0, max_value: 1 }))).toBeUndefined();
    expect(configProblem(config({ min_value: 1 }))).toBeUndefined();
    expect(configProblem(config({ min_value: 1, max_value: 1 }))).toBe(
      'Maximum value must be greater than Minimum value',
    );
    expect(configProblem(config({ data_type: 'TEXT', max_value: 1 }))).toMatch(/^maxValue: only a NUMERIC config/);
  });

  it('keeps categories to CATEGORICAL configs, required and unique, and BOOLEAN ones fixed', () => {
    const cat = (categories: ScoreConfigRow['categories']) =>
      configProblem(config({ data_type: 'CATEGORICAL', categories }));
    expect(cat([{ label: 'a', value: 1 }])).toBeUndefined();
    expect(cat(null)).toMatch(/^categories: a CATEGORICAL config needs categories/);
    expect(
      cat([
        { label: 'a', value: 1 },
        { label: 'b', value: 1 },
      ]),
    ).toMatch(/Duplicate category value: 1/);
    expect(configProblem(config({ categories: [{ label: 'a', value: 1 }] }))).toMatch(
      /^categories: only a CATEGORICAL/,
    );
    expect(configProblem(config({ data_type: 'BOOLEAN', categories: [...BOOLEAN_CATEGORIES] }))).toBeUndefined();
    expect(configProblem(config({ data_type: 'BOOLEAN', categories: [{ label: 'True', value: 1 }] }))).toMatch(/fixed/);
  });
});

describe('createdFields and updatedConfig', () => {
  it("generates a BOOLEAN config's categories and refuses sent ones", () => {
    expect(createdFields({ name: 'b', dataType: 'BOOLEAN' })).toMatchObject({
      fields: { categories: BOOLEAN_CATEGORIES },
    });
    expect(createdFields({ name: 'b', dataType: 'BOOLEAN', categories: [] })).toHaveProperty('problem');
  });

  it('checks the config an update makes, not the update alone', () => {
    const stored = config({ min_value: 5 });
    expect(updatedConfig(stored, { maxValue: 3 })).toEqual({
      problem: 'Maximum value must be greater than Minimum value',
    });
    expect(updatedConfig(stored, { maxValue: 6, isArchived: true })).toMatchObject({
      config: { min_value: 5, max_value: 6, is_archived: 1 },
    });
    expect(updatedConfig(config({ is_archived: 1 }), { name: 'm' })).toMatchObject({
      config: { is_archived: 1, name: 'm' },
    });
  });
});
