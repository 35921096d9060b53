import { describe, expect, it } from 'vitest';
import { jsonDepth, jsonItems } from '../src/json-scan.ts';
import { parseJsonBody } from '../src/validate.ts';

describe('jsonDepth', () => {
  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('["\\"[[[", []]')).toBe(2);
    expect(jsonDepth('["\\\\", [[]]]')).toBe(3);
  });

  it('counts as a walk of every character does, on any text: escapes, runs of backslashes, unterminated strings', () => {
    // The plain definition, one character at a time: what the faster walk must equal.
    const reference = (text: string) => {
      let depth = 0;
      let max = 0;
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
          if (c === '\\') i++;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === '{' || c === '[') max = Math.max(max, ++depth);
        else if (c === '}' || c === ']') depth--;
      }
      return max;
    };
    // Text of the characters that matter, drawn by a fixed-seed generator (the same cases every run).
    const alphabet = ['"', '\\', '[', ']', '{', '}', 'a', ',', ':'];
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
      expect(jsonDepth(text), text).toBe(reference(text));
    }
    expect(jsonDepth('["\\\\\\"]", [[]]]')).toBe(3);
    expect(jsonDepth('["unterminated [[[')).toBe(1);
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth('['.repeat(1e6), 10)).toBe(11);
  });
});

describe('jsonItems', () => {
  it('counts objects, arrays and the commas between values, not those inside strings', () => {
    expect(jsonItems('1')).toBe(0);
    expect(jsonItems('[]')).toBe(1);
    expect(jsonItems('[{},{},{}]')).toBe(6);
    expect(jsonItems('[0,0,0]')).toBe(3);
    expect(jsonItems('{"a":1,"b":[2,3]}')).toBe(4);
    expect(jsonItems(JSON.stringify({ 'a,{[': '],}\\",[{' }))).toBe(1);
  });

  it('counts as a walk of every character does, on any text: escapes, runs of backslashes, unterminated strings', () => {
    const reference = (text: string) => {
      let items = 0;
      let inString = false;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (inString) {
          if (c === '\\') i++;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === '{' || c === '[' || c === ',') items++;
      }
      return items;
    };
    const alphabet = ['"', '\\', '[', ']', '{', '}', 'a', ',', ':'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 20_000; n++) {
      const text = Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join('');
      expect(jsonItems(text), text).toBe(reference(text));
    }
  });

  it('stops counting once past the limit', () => {
    expect(jsonItems('{},'.repeat(1e6), 10)).toBe(11);
  });
});

describe('parseJsonBody', () => {
  it('refuses JSON nested deeper than 128 levels with a 400 instead of overflowing the stack later', () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    expect(() => parseJsonBody(deep)).toThrow(/deeper than 128 levels/);
    expect(parseJsonBody(`${'['.repeat(128)}${']'.repeat(128)}`)).toBeInstanceOf(Array);
  });
});
