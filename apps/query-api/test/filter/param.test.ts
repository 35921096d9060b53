import { ProjectParams } from '@spanhouse/db';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OPERATORS } from '../../src/filter/conditions.ts';
import { ObservationListParams, ObservationV2Params } from '../../src/observations/params.ts';
import { TraceListParams } from '../../src/traces/params.ts';

// The `filter` parameter as the query API parses it: the form of each condition type, the columns
// of each list, the simple parameters it overrides and the SQL it becomes (values as parameters).

const parseTraces = (filter: unknown, extra: Record<string, string> = {}) =>
  v.safeParse(TraceListParams, { filter: typeof filter === 'string' ? filter : JSON.stringify(filter), ...extra });

function sqlOf(filter: unknown, schema: typeof TraceListParams | typeof ObservationV2Params = TraceListParams) {
  const parsed = v.parse(schema, { filter: JSON.stringify(filter) });
  const p = new ProjectParams('proj');
  const conditions = parsed.conditions?.(p) ?? [];
  return { sql: conditions.join(' AND '), params: p.params, parsed };
}

const messageOf = (
  filter: unknown,
  schema: typeof TraceListParams | typeof ObservationListParams = TraceListParams,
) => {
  const r = v.safeParse(schema, { filter: typeof filter === 'string' ? filter : JSON.stringify(filter) });
  expect(r.success).toBe(false);
  return r.issues?.[0]?.message ?? '';
};

/** A trace column and a value for each condition type. */
const TRACE_CASES: Record<string, { column: string; value: unknown; key?: string; param?: unknown }> = {
  datetime: { column: 'timestamp', value: '2026-04-01T00:00:00Z', param: Date.UTC(2026, 3, 1) * 1000 },
  string: { column: 'userId', value: 'zq-user' },
  number: { column: 'latency', value: 1.25, param: 1.25 },
  stringOptions: { column: 'environment', value: ['zq-env'] },
  categoryOptions: { column: 'score_categories', key: 'zq-tone', value: ['zq-category'] },
  arrayOptions: { column: 'tags', value: ['zq-tag'] },
  stringObject: { column: 'metadata', key: 'zq-plan', value: 'zq meta value' },
  numberObject: { column: 'scores_avg', key: 'zq-quality', value: 0.5, param: 0.5 },
  booleanObject: { column: 'score_booleans', key: 'zq-correct', value: true },
  null: { column: 'sessionId', value: '' },
};

describe('every condition type and operator', () => {
  for (const [type, c] of Object.entries(TRACE_CASES)) {
    for (const operator of OPERATORS[type as keyof typeof OPERATORS]) {
      it(`${type} ${operator}`, () => {
        const condition = {
          type,
          column: type === 'string' && operator === 'matches' ? 'input' : c.column,
          operator,
          value: c.value,
          ...(c.key ? { key: c.key } : {}),
        };
        const { sql, params } = sqlOf([condition]);
        expect(sql).not.toBe('');
        // The values are parameters, never SQL text.
        const values = Object.values(params).flat();
        for (const value of [c.value, c.key].flat()) {
          if (typeof value === 'string' && value.startsWith('zq')) {
            expect(sql).not.toContain(value);
            expect(values).toContain(value);
          }
        }
        if (c.param !== undefined) expect(values).toContain(c.param);
      });
    }
  }

  it('refuses an operator of another type, naming the condition and the operators', () => {
    expect(messageOf([{ type: 'number', column: 'latency', operator: 'contains', value: 1 }])).toBe(
      'filter[0].operator must be one of "=", ">", "<", ">=", "<=" for type number',
    );
    expect(messageOf([{ type: 'arrayOptions', column: 'tags', operator: '=', value: ['a'] }])).toMatch(
      /filter\[0\]\.operator/,
    );
  });

  it('refuses a value of the wrong shape', () => {
    expect(messageOf([{ type: 'string', column: 'userId', operator: '=', value: 3 }])).toBe(
      'filter[0].value must be a string',
    );
    expect(messageOf([{ type: 'number', column: 'latency', operator: '>', value: '3' }])).toBe(
      'filter[0].value must be a number',
    );
    expect(messageOf([{ type: 'stringOptions', column: 'name', operator: 'any of', value: 'a' }])).toBe(
      'filter[0].value must be an array of strings',
    );
    expect(
      messageOf([{ type: 'boolean', column: 'isRootObservation', operator: '=', value: 'yes' }], ObservationListParams),
    ).toBe('filter[0].value must be true or false');
    expect(messageOf([{ type: 'null', column: 'sessionId', operator: 'is null', value: 'x' }])).toBe(
      'filter[0].value must be ""',
    );
  });

  it('refuses a type that does not fit the column, and positionInTrace', () => {
    expect(messageOf([{ type: 'string', column: 'latency', operator: '=', value: '1' }])).toBe(
      'filter[0]: type string does not fit column latency (a number column: number)',
    );
    expect(messageOf([{ type: 'positionInTrace', column: 'id', operator: '=', key: 'root' }])).toMatch(
      /type positionInTrace does not fit column id/,
    );
  });

  it('refuses bad JSON, a non-array, too many conditions and names the index of the bad one', () => {
    expect(messageOf('{"type":')).toMatch(/^filter must be JSON/);
    expect(messageOf({})).toBe('filter must be a JSON array of conditions');
    const ok = { type: 'string', column: 'userId', operator: '=', value: 'u' };
    expect(messageOf(Array.from({ length: 51 }, () => ok))).toBe('filter must have at most 50 conditions');
    expect(messageOf([ok, ok, { ...ok, column: 'nope' }])).toMatch(
      /^filter\[2\]\.column "nope" is not one of the trace columns: id, name/,
    );
  });

  it('refuses the columns Langfuse has and spanhouse does not store, saying so', () => {
    expect(messageOf([{ type: 'number', column: 'inputCost', operator: '>', value: 0 }])).toMatch(
      /not split into input and output/,
    );
    expect(messageOf([{ type: 'boolean', column: '⭐️', operator: '=', value: true }])).toMatch(
      /does not store bookmarks/,
    );
    expect(
      messageOf(
        [{ type: 'stringOptions', column: 'modelId', operator: 'any of', value: ['m'] }],
        ObservationListParams,
      ),
    ).toMatch(/no model registry/);
  });

  it('treats an empty parameter or an empty array as no filter', () => {
    expect(v.parse(TraceListParams, { filter: '' }).conditions).toBeUndefined();
    expect(v.parse(TraceListParams, { filter: '[]' }).conditions).toBeUndefined();
  });
});

describe('overrides and the lists', () => {
  it('drops the simple parameter of a column the filter names, keeps the others', () => {
    const r = parseTraces([{ type: 'string', column: 'User ID', operator: '=', value: 'u1' }], {
      userId: 'u2',
      name: 'n',
    });
    expect(r.success).toBe(true);
    expect(r.output).not.toHaveProperty('userId');
    expect(r.output).toMatchObject({ name: 'n' });
    const time = parseTraces([{ type: 'datetime', column: 'timestamp', operator: '>', value: 0 }], {
      fromTimestamp: '2026-01-01T00:00:00Z',
      toTimestamp: '2026-02-01T00:00:00Z',
    });
    expect(time.output).not.toHaveProperty('fromTimestamp');
    expect(time.output).not.toHaveProperty('toTimestamp');
  });

  it('reads the observation columns on both observation lists', () => {
    const condition = [{ type: 'number', column: 'Time To First Token (s)', operator: '<', value: 0.5 }];
    expect(v.parse(ObservationListParams, { filter: JSON.stringify(condition) }).conditions).toBeTypeOf('function');
    const { sql } = sqlOf(condition, ObservationV2Params);
    expect(sql).toContain("fields['completion_start_time']");
    const override = v.parse(ObservationV2Params, {
      filter: JSON.stringify([{ type: 'datetime', column: 'startTime', operator: '>', value: 0 }]),
      fromStartTime: '2026-01-01T00:00:00Z',
    });
    expect(override).not.toHaveProperty('fromStartTime');
  });

  it('marks only the text conditions without a whole word as reads of the text', () => {
    const scan = (value: string, operator = 'contains') =>
      v.parse(TraceListParams, { filter: JSON.stringify([{ type: 'string', column: 'input', operator, value }]) })
        .filter?.indexed !== undefined;
    expect(scan('refund')).toBe(true);
    expect(scan('a refund please')).toBe(false);
    expect(scan('refund', 'does not contain')).toBe(true);
    expect(scan('refund', '=')).toBe(false);
    expect(scan('refund', 'matches')).toBe(false);
    const { sql } = sqlOf([{ type: 'string', column: 'input', operator: 'contains', value: 'a refund please' }]);
    expect(sql).toContain('trace_search_v3');
  });
});
