/*
 * The words of Prometheus 2.42's parse errors for a token it did not expect: "unexpected" and the
 * token as its lexer describes it (`Item.desc`: `"("`, `<by>`, `<op:+>`, `<aggr:sum>`,
 * `identifier "foo"`, `number "1"`), with what its grammar expected there where it says so
 * (`in label matching, expected string`), and its lexer's own refusals at the end of the input
 * (inside braces, an unclosed parenthesis or bracket) and of a character PromQL has no use for;
 * and where the grammar alone would misplace the error (syntaxErrorAt): a call of no function, a
 * `)` closing nothing, a trailing comma.
 */
import { AGGREGATION_OPS, FUNCTIONS } from './function-signatures.ts';

/** 2.42's lexer keywords (read case-insensitively) and what each is. */
const WORDS: Record<string, 'operator' | 'aggregator' | 'keyword' | 'preprocessor' | 'number'> = {
  and: 'operator',
  or: 'operator',
  unless: 'operator',
  atan2: 'operator',
  sum: 'aggregator',
  avg: 'aggregator',
  count: 'aggregator',
  min: 'aggregator',
  max: 'aggregator',
  group: 'aggregator',
  stddev: 'aggregator',
  stdvar: 'aggregator',
  topk: 'aggregator',
  bottomk: 'aggregator',
  count_values: 'aggregator',
  quantile: 'aggregator',
  offset: 'keyword',
  by: 'keyword',
  without: 'keyword',
  on: 'keyword',
  ignoring: 'keyword',
  group_left: 'keyword',
  group_right: 'keyword',
  bool: 'keyword',
  start: 'preprocessor',
  end: 'preprocessor',
  inf: 'number',
  nan: 'number',
};

const OPERATORS = ['==', '!=', '<=', '>=', '=~', '!~', '<', '>', '+', '-', '*', '/', '%', '^', '@'];
const PUNCTUATION = new Set(['(', ')', '{', '}', '[', ']', ',', '=', ':', ';']);

/** Go's %q of a string, as near as JSON's quoting comes to it. */
const goQuote = (s: string) => JSON.stringify(s);

/** Go's %.10q...: the first 10 characters quoted, then "...". */
const shortQuote = (s: string) => ([...s].length > 10 ? `${goQuote([...s].slice(0, 10).join(''))}...` : goQuote(s));

/**
 * The position and words of the syntax error of a query whose grammar breaks off at `at`, as
 * 2.42's lexer and parser give them: a call of no function, a `)` closing nothing, a trailing
 * comma in a call, or what unexpectedAt says.
 */
export function syntaxErrorAt(text: string, at: number): { pos: number; message: string } {
  const call = unknownCall(text, at);
  if (call) return { pos: call.at, message: `unknown function with name "${call.name}"` };
  const stray = strayRightParen(text, at);
  if (stray !== undefined) return { pos: stray + 1, message: "unexpected right parenthesis ')'" };
  const comma = trailingComma(text, at);
  if (comma !== undefined) return { pos: comma, message: 'trailing commas not allowed in function call args' };
  return { pos: at, message: unexpectedAt(text, at) };
}

/**
 * Where a `)` closes no parenthesis, at or before `pos` (outside strings and comments): 2.42's
 * lexer refuses it there, before the grammar sees what follows.
 */
function strayRightParen(text: string, pos: number): number | undefined {
  let depth = 0;
  for (const [i, c] of codeChars(text, pos + 1)) {
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return i;
  }
  return undefined;
}

/** Where a `,` right before the `)` at `pos` ends a call's arguments (`rate(x[5m],)`), or undefined. */
function trailingComma(text: string, pos: number): number | undefined {
  if (text[pos] !== ')') return undefined;
  const before = /,\s*$/.exec(text.slice(0, pos));
  return before ? before.index : undefined;
}

/**
 * A call of a name that is no function, `nonexistent_func(x)`: the grammar fails at its `(`,
 * where Prometheus' lexer names the function. The name and where it starts, or undefined.
 */
function unknownCall(text: string, pos: number): { name: string; at: number } | undefined {
  if (text[pos] !== '(') return undefined;
  const m = /([A-Za-z_][A-Za-z0-9_]*)\s*$/.exec(text.slice(0, pos));
  if (!m || FUNCTIONS.has(m[1]!) || AGGREGATION_OPS.has(m[1]!) || KEYWORDS.has(m[1]!)) return undefined;
  return { name: m[1]!, at: m.index };
}

/** Words before a `(` that are not calls: grouping and matching clauses, `bool`, the binary words. */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'bool',
  'and',
  'or',
  'unless',
  'atan2',
  'offset',
]);

/**
 * Why a query breaks off at `at`, in 2.42's words: at the end of the input, what is left open
 * (`unclosed left parenthesis` for `sum(`); elsewhere the token found there.
 */
export function unexpectedAt(text: string, at: number): string {
  const open = openBefore(text, at);
  if (at >= text.length) {
    if (open.braces) return 'unexpected end of input inside braces';
    if (open.parens > 0) return 'unclosed left parenthesis';
    if (open.brackets) return 'unclosed left bracket';
    return `unexpected end of input${grammarContext(text, at, false)}`;
  }
  // The lexer's own refusals, before the grammar sees a token.
  const c = text[at]!;
  if (c === '}' && !open.braces) return "unexpected character: '}'";
  if (c === ']' && !open.brackets) return "unexpected right bracket ']'";
  if (c === '!' && text[at + 1] !== '=' && text[at + 1] !== '~') {
    const next = at + 1 < text.length ? String.fromCodePoint(text.codePointAt(at + 1)!) : '\ufffd';
    return `unexpected character after '!'${open.braces ? ' inside braces' : ''}: '${next}'`;
  }
  // Inside braces the lexer takes names, strings, the matching operators, `,` and `}` only.
  if (open.braces && !/[A-Za-z_"'`,=!}\s#]/.test(c)) {
    return `unexpected character inside braces: '${String.fromCodePoint(text.codePointAt(at)!)}'`;
  }
  return `${unexpectedToken(text, at)}${grammarContext(text, at, open.braces)}`;
}

/** Before `at`: a grouping clause's word, its open list, an aggregation's whole grouping. */
const GROUPING_WORD = /\b(?:by|without|on|ignoring|group_left|group_right)$/i;
const GROUPING_LIST = /\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^()]*)$/i;
const AGGREGATION_GROUPING =
  /\b(?:sum|avg|count|min|max|group|stddev|stdvar|topk|bottomk|count_values|quantile)\s+(?:by|without)\s*\([^()]*\)$/i;

/**
 * What 2.42's grammar adds after "unexpected <token>" where it knows what it expected, from the
 * tokens just before `at`: inside braces, after `offset` or `@`, in a grouping clause or after an
 * aggregation's grouping. Empty elsewhere.
 */
function grammarContext(text: string, at: number, inBraces: boolean): string {
  const before = text.slice(0, at).replace(/\s+$/, '');
  if (inBraces) {
    if (/[{,]$/.test(before)) return ' in label matching, expected identifier or "}"';
    if (/(?:=|!=|=~|!~)$/.test(before)) return ' in label matching, expected string';
    if (/["'`]$/.test(before)) return ' in label matching, expected "," or "}"';
    if (/[A-Za-z0-9_]$/.test(before)) return ' in label matching, expected label matching operator';
    return '';
  }
  if (/\boffset$/i.test(before)) return ' in offset, expected duration';
  if (before.endsWith('@')) return ' in @, expected timestamp';
  if (GROUPING_WORD.test(before)) return ' in grouping opts, expected "("';
  const list = GROUPING_LIST.exec(before);
  if (list) {
    return /[A-Za-z0-9_:]$/.test(list[1]!)
      ? ' in grouping opts, expected "," or ")"'
      : ' in grouping opts, expected label';
  }
  if (AGGREGATION_GROUPING.test(before)) return ' in aggregation';
  return '';
}

/**
 * The characters of `text` before `end` that are code, with their positions: what strings
 * (quoted, backslash escapes but in backticks) and `#` comments hold is skipped.
 */
export function* codeChars(text: string, end: number): Generator<[number, string]> {
  for (let i = 0; i < end && i < text.length; i++) {
    const c = text[i]!;
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '"' || c === "'" || c === '`') {
      i++;
      while (i < text.length && text[i] !== c) i += c !== '`' && text[i] === '\\' ? 2 : 1;
    } else yield [i, c];
  }
}

/** What is open just before `at`, outside strings and comments: parentheses (how many), braces, brackets. */
function openBefore(text: string, at: number): { parens: number; braces: boolean; brackets: boolean } {
  const open = { parens: 0, braces: false, brackets: false };
  for (const [, c] of codeChars(text, at)) {
    if (c === '{') open.braces = true;
    else if (c === '}') open.braces = false;
    else if (c === '[') open.brackets = true;
    else if (c === ']') open.brackets = false;
    else if (c === '(') open.parens++;
    else if (c === ')') open.parens--;
  }
  return open;
}

/** Where the spaces and `#` comments from `from` on end. */
export function skipBlank(text: string, from: number): number {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text[i] !== '#') return i;
    while (i < text.length && text[i] !== '\n') i++;
  }
}

/** The token at `at` as 2.42's lexer describes it (`Item.desc`), after "unexpected". */
function unexpectedToken(text: string, at: number): string {
  const rest = text.slice(at);
  const word = /^[A-Za-z_:][A-Za-z0-9_:]*/.exec(rest)?.[0];
  if (word !== undefined) {
    const kind = WORDS[word.toLowerCase()];
    if (kind === 'operator') return `unexpected <op:${word}>`;
    if (kind === 'aggregator') return `unexpected <aggr:${word}>`;
    if (kind === 'keyword') return `unexpected <${word}>`;
    if (kind === 'preprocessor') return `unexpected ${shortQuote(word)}`;
    if (kind === 'number') return `unexpected number ${shortQuote(word)}`;
    return `unexpected ${word.includes(':') ? 'metric identifier' : 'identifier'} ${goQuote(word)}`;
  }
  const duration = /^(?:\d+(?:ms|[smhdwy]))+/.exec(rest)?.[0];
  if (duration !== undefined) return `unexpected duration ${shortQuote(duration)}`;
  const number = /^(?:0[xX][0-9a-fA-F]+|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/.exec(rest)?.[0];
  if (number !== undefined) return `unexpected number ${shortQuote(number)}`;
  const quote = rest[0]!;
  if (quote === '"' || quote === "'" || quote === '`') {
    let j = 1;
    while (j < rest.length && rest[j] !== quote) j += quote !== '`' && rest[j] === '\\' ? 2 : 1;
    return `unexpected string ${shortQuote(rest.slice(0, j + 1))}`;
  }
  const operator = OPERATORS.find((op) => rest.startsWith(op));
  if (operator !== undefined) return `unexpected <op:${operator}>`;
  const char = String.fromCodePoint(rest.codePointAt(0)!);
  if (PUNCTUATION.has(char)) return `unexpected ${goQuote(char)}`;
  return `unexpected character: '${char}'`;
}
