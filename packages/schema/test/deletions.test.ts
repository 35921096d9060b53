import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { DeleteTracesBody } from '../src/deletions.ts';

const messageOf = (body: unknown) => {
  const r = v.safeParse(DeleteTracesBody, body);
  return r.success ? undefined : r.issues.map((i) => i.message).join('; ');
};

describe('DeleteTracesBody', () => {
  it('says what is wrong: neither field, only fields it does not know, or both', () => {
    expect(messageOf({})).toBe('give traceIds (the traces to delete) or userId (every trace of that user)');
    expect(messageOf({ filter: [{ column: 'name' }] })).toBe(
      'unknown field filter: this endpoint deletes by traceIds (the traces to delete) or userId (every trace of that user); give one of them',
    );
    expect(messageOf({ ids: ['a'], user: 'u' })).toMatch(/^unknown fields ids, user: /);
    expect(messageOf({ traceIds: ['a'], userId: 'u' })).toMatch(/^give traceIds or userId, not both/);
  });

  it('takes one of the two fields, with other fields beside it ignored', () => {
    expect(messageOf({ traceIds: ['a'] })).toBeUndefined();
    expect(messageOf({ userId: 'u', note: 'x' })).toBeUndefined();
    expect(v.parse(DeleteTracesBody, { traceIds: ['a', 'b'] }).traceIds).toEqual(['a', 'b']);
  });

  it('checks the fields themselves first', () => {
    expect(messageOf({ traceIds: [] })).toBe('must name at least one trace');
    expect(messageOf({ userId: '' })).toBeTruthy();
  });
});
