import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { queryObject } from '../src/validate.ts';

describe('queryObject', () => {
  it('keeps a parameter named __proto__ as a parameter', async () => {
    const app = new Hono().get('/q', (c) => c.json(Object.keys(queryObject(c))));
    const res = await app.request('/q?__proto__=a&__proto__=b&constructor=c');
    expect(await res.json()).toEqual(['__proto__', 'constructor']);
  });
});
