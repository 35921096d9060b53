import type { SyntaxNode } from '@lezer/common';
import { parser } from '@prometheus-io/lezer-promql';
import type { AtModifier, BinaryOp, Expr, Matcher, MatchOp, Selector, VectorMatching } from './ast.ts';
import { MAX_TIME_MS, parseDurationMs } from './duration.ts';
import { badData, type PromApiError } from './errors.ts';
import { AGGREGATION_OPS, FUNCTIONS } from './function-signatures.ts';
import { skipBlank, syntaxErrorAt } from './lexer-tokens.ts';
import { matchesEmpty, regexError } from './regex.ts';
import { unquotedBody } from './string-literal.ts';
import { checkTypes } from './typecheck.ts';

export type ParseOptions = {
  /**
   * Keeps a selector whose every matcher matches the empty string (`{a=""}`), which a query
   * refuses: the metadata endpoints' `match[]` refuse it in words of their own.
   */
  emptySelectors?: boolean;
};

/**
 * Parses PromQL as Prometheus 2.42 does, with the Prometheus project's own grammar
 * (@prometheus-io/lezer-promql, the 3.x language): what 2.42 does not have (duration arithmetic,
 * `fill`, `limitk`, functions added later) is refused as 2.42 refuses it, and `holt_winters`, which
 * 3.x renamed, is read as 2.42 reads it. Errors are bad_data in Prometheus' form,
 * `<line>:<column>: parse error: <what>`, with its messages where the cause is the same.
 */
export function parsePromQL(text: string, options: ParseOptions = {}): Expr {
  if (skipBlank(text, 0) >= text.length) throw parseError(0, 'no expression found in input', text);
  const { source, renamed, unterminated } = grammarSource(text);
  // Prometheus' lexer stops at a string without its closing quote, before any other error.
  if (unterminated !== undefined) {
    const what = text[unterminated] === '`' ? 'unterminated raw string' : 'unterminated quoted string';
    throw parseError(unterminated, what, text);
  }
  const tree = parser.parse(source);
  let error: SyntaxNode | undefined;
  tree.iterate({
    enter(n) {
      if (n.type.isError && error === undefined) error = n.node;
    },
  });
  if (error !== undefined) {
    const { pos, message } = syntaxErrorAt(text, error.from);
    throw parseError(pos, message, text);
  }
  const top = tree.topNode.firstChild;
  if (!top) throw parseError(0, 'no expression found in input', text);
  const reader = new Reader(text, source, renamed, options);
  const expr = reader.expr(top);
  checkTypes(
    expr,
    (e) => reader.positions.get(e) ?? 0,
    (pos, message) => parseError(pos, message, text),
    (e) => reader.operators.get(e) ?? reader.positions.get(e) ?? 0,
  );
  return expr;
}

/** A parse error of Prometheus' shape: bad_data `<line>:<col>: parse error: <message>`. */
export function parseError(pos: number, message: string, query: string): PromApiError {
  const before = query.slice(0, pos);
  const line = before.split('\n').length;
  const col = pos - before.lastIndexOf('\n');
  return badData(`${line}:${col}: parse error: ${message}`);
}

/**
 * The query as the 3.x grammar reads it, every change the same length so positions hold, outside
 * strings and comments: `holt_winters(` becomes `day_of_month(` (the grammar no longer knows the
 * 2.42 name; the positions are returned so the reader names the call back), and number literals
 * Go reads that the grammar does not, `5.`, `5.e2` and `0X1A`, become `5 `, `5e2 ` and `0x1A`.
 * `unterminated`: where the first string without its closing quote starts.
 */
function grammarSource(text: string): { source: string; renamed: Set<number>; unterminated?: number } {
  const renamed = new Set<number>();
  let unterminated: number | undefined;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c && !(c !== '`' && text[j] === '\n'))
        j += c !== '`' && text[j] === '\\' ? 2 : 1;
      if (j >= text.length || text[j] !== c) unterminated ??= i;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '#') {
      const j = text.indexOf('\n', i);
      const end = j < 0 ? text.length : j;
      out += text.slice(i, end);
      i = end;
    } else if (/[A-Za-z_:]/.test(c)) {
      const word = /^[A-Za-z_:][A-Za-z0-9_:]*/.exec(text.slice(i))![0];
      if (word === 'holt_winters' && /^\s*\(/.test(text.slice(i + word.length))) {
        renamed.add(i);
        out += 'day_of_month';
      } else out += word;
      i += word.length;
    } else if (/[0-9]/.test(c)) {
      const [number, digits, exponent] = /^(?:0X(?=[0-9a-fA-F])|(\d+)\.(?!\d)([eE][-+]?\d+)?|\d+)/.exec(text.slice(i))!;
      out += number === '0X' ? '0x' : digits !== undefined ? `${digits}${exponent ?? ''} ` : number;
      i += number.length;
    } else {
      out += c;
      i++;
    }
  }
  return { source: out, renamed, unterminated };
}

const kids = (n: SyntaxNode): SyntaxNode[] => {
  const out: SyntaxNode[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) if (c.name !== 'LineComment') out.push(c);
  return out;
};

const BINARY_OPS: Record<string, BinaryOp> = {
  Pow: '^',
  Mul: '*',
  Div: '/',
  Mod: '%',
  Atan2: 'atan2',
  Add: '+',
  Sub: '-',
  Eql: '==',
  Gte: '>=',
  Gtr: '>',
  Lte: '<=',
  Lss: '<',
  Neq: '!=',
  And: 'and',
  Unless: 'unless',
  Or: 'or',
};

const DURATION_TEXT = /^(\d+[a-z]+)+$/;

class Reader {
  /** Where each expression starts in the query (for the positions of type errors). */
  readonly positions = new WeakMap<Expr, number>();
  /** Where each binary operation's operator is (Prometheus places its operator's errors there). */
  readonly operators = new WeakMap<Expr, number>();

  constructor(
    private readonly text: string,
    /** The text the grammar read (grammarSource): numbers are read from it. */
    private readonly source: string,
    private readonly renamed: Set<number>,
    private readonly options: ParseOptions,
  ) {}

  private src(n: SyntaxNode): string {
    return this.text.slice(n.from, n.to);
  }

  private fail(n: SyntaxNode | number, message: string): never {
    throw parseError(typeof n === 'number' ? n : n.from, message, this.text);
  }

  expr(n: SyntaxNode): Expr {
    const e = this.read(n);
    if (!this.positions.has(e)) this.positions.set(e, n.from);
    return e;
  }

  private read(n: SyntaxNode): Expr {
    switch (n.name) {
      case 'NumberDurationLiteral':
        return { kind: 'number', value: this.number(n) };
      case 'StringLiteral':
        return { kind: 'string', value: this.string(n) };
      case 'ParenExpr':
        return this.expr(kids(n)[0]!);
      case 'VectorSelector':
        return this.selector(n);
      case 'MatrixSelector':
        return this.matrix(n);
      case 'SubqueryExpr':
        return this.subquery(n);
      case 'OffsetExpr':
        return this.offset(n);
      case 'StepInvariantExpr':
        return this.at(n);
      case 'UnaryExpr': {
        const [op, inner] = kids(n);
        return { kind: 'unary', op: this.src(op!) === '-' ? '-' : '+', expr: this.expr(inner!) };
      }
      case 'BinaryExpr':
        return this.binary(n);
      case 'FunctionCall':
        return this.call(n);
      case 'AggregateExpr':
        return this.aggregate(n);
      default:
        return this.fail(n, `unexpected "${this.src(n).slice(0, 40)}"`);
    }
  }

  /** A number as 2.42's parser reads it: strconv.ParseInt(s, 0, 64), else ParseFloat; Inf, NaN. */
  private number(n: SyntaxNode): number {
    const text = this.source.slice(n.from, n.to).replace(/\s+/g, '');
    const sign = text.startsWith('-') ? -1 : 1;
    const s = text.replace(/^[-+]/, '');
    const lower = s.toLowerCase();
    if (lower === 'inf') return sign * Number.POSITIVE_INFINITY;
    if (lower === 'nan') return Number.NaN;
    if (!/^0x/i.test(s) && DURATION_TEXT.test(s)) this.fail(n, `unexpected duration "${s}"`);
    if (s.includes('_')) this.fail(n, `bad number or duration syntax: "${s}"`);
    let v: number;
    if (/^0x[0-9a-f]+$/i.test(s)) v = Number.parseInt(s, 16);
    else if (/^0[0-7]+$/.test(s)) v = Number.parseInt(s, 8);
    else v = Number(s);
    if (Number.isNaN(v)) this.fail(n, `bad number or duration syntax: "${s}"`);
    return sign * v;
  }

  /** A Go-style quoted string: "..." and '...' with escapes, `...` raw. */
  string(n: SyntaxNode): string {
    const s = this.src(n);
    const quote = s[0]!;
    if (s.length < 2 || s[s.length - 1] !== quote) this.fail(n, 'unterminated quoted string');
    const body = s.slice(1, -1);
    if (quote === '`') return body;
    const value = unquotedBody(body, quote);
    return typeof value === 'string' ? value : this.fail(n, value.error);
  }

  private selector(n: SyntaxNode): Selector {
    const matchers: Matcher[] = [];
    let named = false;
    for (const c of kids(n)) {
      if (c.name === 'Identifier') {
        named = true;
      } else if (c.name === 'LabelMatchers') for (const m of kids(c)) matchers.push(this.matcher(m));
      else this.fail(c, `unexpected "${this.src(c)}" in a selector`);
    }
    const first = kids(n)[0]!;
    if (named) {
      if (matchers.some((m) => m.name === '__name__')) {
        const other = matchers.find((m) => m.name === '__name__')!;
        this.fail(n, `metric name must not be set twice: "${this.src(first)}" or "${other.value}"`);
      }
      matchers.push({ name: '__name__', op: '=', value: this.src(first) });
    } else if (!this.options.emptySelectors && !matchers.some((m) => !matchesEmpty(m))) {
      this.fail(n, 'vector selector must contain at least one non-empty matcher');
    }
    return { kind: 'selector', matchers, offsetMs: 0 };
  }

  private matcher(n: SyntaxNode): Matcher {
    const parts = kids(n);
    if (n.name === 'QuotedLabelName') return { name: '__name__', op: '=', value: this.string(parts[0]!) };
    const [name, op, value] = parts;
    const label = name!.name === 'QuotedLabelName' ? this.string(kids(name!)[0]!) : this.src(name!);
    const matchOp = this.src(op!) as MatchOp;
    const text = this.string(value!);
    // Refused as Prometheus' parser refuses it (Go's regexp compiles it there), at the label, in
    // RE2's words; ClickHouse's RE2 runs the matchers later (series-lookup.ts).
    if (matchOp === '=~' || matchOp === '!~') {
      const error = regexError(text);
      if (error !== undefined) this.fail(n, error);
    }
    return { name: label, op: matchOp, value: text };
  }

  /** A duration of 2.42's syntax (no arithmetic, no bare numbers), greater than zero. */
  private duration(n: SyntaxNode): number {
    const text = this.src(n).trim();
    if (!DURATION_TEXT.test(text)) this.fail(n, `bad duration syntax: "${text}"`);
    const ms = parseDurationMs(text);
    if (ms === 0) this.fail(n, 'duration must be greater than 0');
    return ms;
  }

  /**
   * A range. The grammar reads `a > b[5m]` and `-a[5m]` as a range of the whole operation, where
   * Prometheus' parser binds the range to the rightmost operand, as it binds `offset` (modified):
   * so the type checks then refuse the operation as Prometheus does. Refusals of the range itself
   * are at its `[`, as Prometheus places them.
   */
  private matrix(n: SyntaxNode): Expr {
    const [sel, range] = kids(n);
    const inner = this.expr(sel!);
    const bracket = this.text.lastIndexOf('[', range!.from);
    const rangeOf = (node: SyntaxNode, e: Expr): Expr => {
      if (node.name !== 'VectorSelector' && node.name !== 'OffsetExpr' && node.name !== 'StepInvariantExpr') {
        this.fail(bracket, 'ranges only allowed for vector selectors');
      }
      if (e.kind !== 'selector') this.fail(bracket, 'ranges only allowed for vector selectors');
      if (e.offsetMs !== 0) this.fail(bracket, 'no offset modifiers allowed before range');
      if (e.at !== undefined) this.fail(bracket, 'no @ modifiers allowed before range');
      const matrix: Expr = { kind: 'matrix', selector: e, rangeMs: this.duration(range!) };
      this.positions.set(matrix, node.from);
      return matrix;
    };
    return this.onRightmost(sel!, inner, rangeOf);
  }

  /** `apply` to the rightmost operand of `e` (read from `node`), through binary and unary operators, never through parentheses. */
  private onRightmost(node: SyntaxNode, e: Expr, apply: (node: SyntaxNode, e: Expr) => Expr): Expr {
    if (node.name === 'BinaryExpr' && e.kind === 'binary') {
      const parts = kids(node);
      e.rhs = this.onRightmost(parts[parts.length - 1]!, e.rhs, apply);
      return e;
    }
    if (node.name === 'UnaryExpr' && e.kind === 'unary') {
      e.expr = this.onRightmost(kids(node)[1]!, e.expr, apply);
      return e;
    }
    return apply(node, e);
  }

  private subquery(n: SyntaxNode): Expr {
    const [inner, range, step] = kids(n);
    return {
      kind: 'subquery',
      expr: this.expr(inner!),
      rangeMs: this.duration(range!),
      stepMs: step ? this.duration(step) : 0,
      offsetMs: 0,
    };
  }

  /** The selector, range selector or subquery an `offset` or `@` applies to (not through parentheses). */
  private modifiable(n: SyntaxNode, e: Expr, what: string): Selector | (Expr & { kind: 'subquery' }) {
    const direct = ['VectorSelector', 'MatrixSelector', 'SubqueryExpr', 'OffsetExpr', 'StepInvariantExpr'];
    if (direct.includes(n.name)) {
      if (e.kind === 'selector' || e.kind === 'subquery') return e;
      if (e.kind === 'matrix') return e.selector;
    }
    return this.fail(
      n,
      `${what} must be preceded by an instant vector selector or range vector selector or a subquery`,
    );
  }

  /**
   * The operand an `offset` or `@` modifies. The grammar reads `a - b offset 1m` as the modifier of
   * `a - b`, where Prometheus' parser binds a modifier tighter than every operator: it applies to
   * the rightmost operand (`a - (b offset 1m)`), through binary and unary operators, never
   * through parentheses.
   */
  private modified(inner: SyntaxNode, e: Expr): { node: SyntaxNode; expr: Expr } {
    if (inner.name === 'BinaryExpr' && e.kind === 'binary') {
      const parts = kids(inner);
      return this.modified(parts[parts.length - 1]!, e.rhs);
    }
    if (inner.name === 'UnaryExpr' && e.kind === 'unary') return this.modified(kids(inner)[1]!, e.expr);
    // `a - b offset 1m @ 100`: the other modifier was read the same way, onto `b`.
    const modifier = inner.name === 'OffsetExpr' || inner.name === 'StepInvariantExpr';
    if (modifier && (e.kind === 'binary' || e.kind === 'unary')) return this.modified(kids(inner)[0]!, e);
    return { node: inner, expr: e };
  }

  private offset(n: SyntaxNode): Expr {
    const [inner, , arg] = kids(n);
    const e = this.expr(inner!);
    const operand = this.modified(inner!, e);
    const target = this.modifiable(operand.node, operand.expr, 'offset modifier');
    const text = this.src(arg!).replace(/\s+/g, '');
    const negative = text.startsWith('-');
    const body = text.replace(/^[-+]/, '');
    if (!DURATION_TEXT.test(body)) this.fail(arg!, `bad duration syntax: "${body}"`);
    const ms = parseDurationMs(body);
    if (ms === 0) this.fail(arg!, 'duration must be greater than 0');
    if (target.offsetMs !== 0) this.fail(n, 'offset may not be set multiple times');
    target.offsetMs = negative ? -ms : ms;
    return e;
  }

  private at(n: SyntaxNode): Expr {
    const [inner, , arg] = kids(n);
    const e = this.expr(inner!);
    const operand = this.modified(inner!, e);
    const target = this.modifiable(operand.node, operand.expr, '@ modifier');
    if (target.at !== undefined) this.fail(n, '@ <timestamp> may not be set multiple times');
    const text = this.src(n)
      .slice(arg!.from - n.from)
      .trim();
    let at: AtModifier;
    if (arg!.name === 'AtModifierPreprocessors') at = text.startsWith('start') ? 'start' : 'end';
    else {
      const seconds = this.number(arg!);
      if (!Number.isFinite(seconds) || Math.abs(seconds * 1000) > MAX_TIME_MS) {
        this.fail(n, `timestamp out of bounds for @ modifier: ${goFixed(seconds)}`);
      }
      at = Math.round(seconds * 1000);
    }
    target.at = at;
    return e;
  }

  private binary(n: SyntaxNode): Expr {
    const parts = kids(n);
    const lhsNode = parts[0]!;
    const rhsNode = parts[parts.length - 1]!;
    const op = BINARY_OPS[parts[1]!.name];
    if (op === undefined) this.fail(parts[1]!, `unexpected operator "${this.src(parts[1]!)}"`);
    let bool = false;
    let matching: VectorMatching | undefined;
    for (const m of parts.slice(2, -1)) {
      if (m.name === 'BoolModifier') bool = true;
      else if (m.name === 'MatchingModifierClause') matching = this.matching(m);
      else this.fail(m, `unexpected "${this.src(m)}"`);
    }
    // `-1 ^ 2` is -(1 ^ 2): the grammar reads the sign into the literal, 2.42's parser makes it
    // a unary minus, which binds less tightly than ^.
    if (op === '^' && lhsNode.name === 'NumberDurationLiteral' && /^\s*[-+]/.test(this.src(lhsNode))) {
      const signed = this.number(lhsNode);
      const negative = this.src(lhsNode).trim().startsWith('-');
      const lhs: Expr = { kind: 'number', value: negative ? -signed : signed };
      const inner: Expr = { kind: 'binary', op, lhs, rhs: this.expr(rhsNode), bool, matching };
      this.positions.set(inner, n.from);
      return negative ? { kind: 'unary', op: '-', expr: inner } : inner;
    }
    const binary: Expr = { kind: 'binary', op, lhs: this.expr(lhsNode), rhs: this.expr(rhsNode), bool, matching };
    this.operators.set(binary, parts[1]!.from);
    return binary;
  }

  private matching(n: SyntaxNode): VectorMatching {
    const parts = kids(n);
    const on = parts[0]!.name === 'On';
    const labels = this.labelList(parts[1]!);
    let card: VectorMatching['card'] = 'one-to-one';
    let include: string[] = [];
    if (parts[2]) {
      card = parts[2].name === 'GroupLeft' ? 'many-to-one' : 'one-to-many';
      if (parts[3]) include = this.labelList(parts[3]);
    }
    return { card, on, labels, include };
  }

  private labelList(n: SyntaxNode): string[] {
    return kids(n).map((l) => (l.name === 'QuotedLabelName' ? this.string(kids(l)[0]!) : this.src(l)));
  }

  private call(n: SyntaxNode): Expr {
    const [id, body] = kids(n);
    const func = this.renamed.has(id!.from) ? 'holt_winters' : this.src(id!);
    if (!FUNCTIONS.has(func)) this.fail(id!, `unknown function with name "${func}"`);
    return { kind: 'call', func, args: kids(body!).map((a) => this.expr(a)) };
  }

  private aggregate(n: SyntaxNode): Expr {
    let op = '';
    let grouping: string[] = [];
    let without = false;
    let args: Expr[] = [];
    for (const c of kids(n)) {
      if (c.name === 'AggregateOp') {
        op = this.src(c).toLowerCase();
        // 2.42's lexer reads a 3.x aggregation (`limitk`) as an identifier, then a call of no function.
        if (!AGGREGATION_OPS.has(op)) this.fail(c, `unknown function with name "${this.src(c)}"`);
      } else if (c.name === 'AggregateModifier') {
        const [kw, labels] = kids(c);
        without = kw!.name === 'Without';
        grouping = labels ? this.labelList(labels) : [];
      } else if (c.name === 'FunctionCallBody') args = kids(c).map((a) => this.expr(a));
    }
    if (args.length === 0) this.fail(n, 'no arguments for aggregate expression provided');
    const wanted = AGGREGATION_OPS.get(op) === undefined ? 1 : 2;
    if (args.length !== wanted) {
      this.fail(
        n,
        `wrong number of arguments for aggregate expression provided, expected ${wanted}, got ${args.length}`,
      );
    }
    return {
      kind: 'aggregate',
      op,
      param: wanted === 2 ? args[0] : undefined,
      expr: args[wanted - 1]!,
      grouping,
      without,
    };
  }
}

/** Go's %f of a float64: six decimals, never an exponent (`100000000000000000000.000000`, `+Inf`). */
function goFixed(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (!Number.isFinite(v)) return v > 0 ? '+Inf' : '-Inf';
  // toFixed turns to exponents from 1e21, where every double is an integer.
  return Math.abs(v) < 1e21 ? v.toFixed(6) : `${BigInt(v)}.000000`;
}
