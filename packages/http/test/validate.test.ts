import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { issuesMessage, queryObject } from '../src/validate.ts';

describe('queryObject', () => {
  it('keeps a parameter named __proto__ as a parameter', async () => {
    const app = new Hono().get('/q', (c) => c.json(Object.keys(queryObject(c))));
    const res = await app.request('/q?__proto__=a&__proto__=b&constructor=c');
    expect(await res.json()).toEqual(['__proto__', 'constructor']);
  });
});

describe('issuesMessage', () => {
  it("names the field once, also where the schema's message names it already", () => {
    const schema = v.object({ batch: v.array(v.unknown(), 'batch: must be an array of events'), n: v.number() });
    const result = v.safeParse(schema, { batch: 1, n: 'x' });
    expect(result.success).toBe(false);
    expect(issuesMessage(result.issues!)).toBe(
      'batch: must be an array of events; n: Invalid type: Expected number but received "x"',
    );
  });

  it('says a missing required field is required, naming its path', () => {
    const schema = v.object({ trace: v.object({ id: v.string() }), observations: v.array(v.object({ startTime: v.string() })) });
    const result = v.safeParse(schema, { trace: {}, observations: [{}] });
    expect(result.success).toBe(false);
    expect(issuesMessage(result.issues!)).toBe('trace.id: is required; observations.0.startTime: is required');
    const none = v.safeParse(schema, {});
    expect(issuesMessage(none.issues!)).toBe('trace: is required; observations: is required');
  });
});
