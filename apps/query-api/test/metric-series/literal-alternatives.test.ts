import { describe, expect, it } from 'vitest';
import { literalAlternatives } from '../../src/metric-series/literal-alternatives.ts';

describe('literalAlternatives (regex matchers that are sets of strings)', () => {
  it.each([
    ['a', ['a']],
    ['a|b', ['a', 'b']],
    ['host-1\\.example\\.com|host-2\\.example\\.com', ['host-1.example.com', 'host-2.example.com']],
    ['a|', ['a', '']],
    ['', ['']],
    ['/api/v1/query|/metrics', ['/api/v1/query', '/metrics']],
    ['\\(x\\)\\|y', ['(x)|y']],
    ['a b:c=d"e', ['a b:c=d"e']],
    ['ünï|😀', ['ünï', '😀']],
  ])('%s', (pattern, want) => {
    expect(literalAlternatives(pattern)).toEqual(want);
  });

  it.each(['a.b', 'a*', '(a|b)', '[ab]', 'a{2}', '^a', 'a$', '(?i)a', 'a\\d', 'a\\', 'a\\n', 'a+', 'a?'])(
    '%s is a regex',
    (pattern) => {
      expect(literalAlternatives(pattern)).toBeUndefined();
    },
  );
});
