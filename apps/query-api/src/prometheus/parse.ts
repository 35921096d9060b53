import type { SyntaxNode } from '@lezer/common';
import { parser } from '@prometheus-io/lezer-promql';
import type { BinaryOp, Expr, Matcher, MatchOp, Selector } from './ast.ts';
import { MAX_TIME_MS, parseDurationMs } from './duration.ts';
import { badData, unsupported } from './errors.ts';

/**
 * Parses PromQL with the Prometheus project's own grammar (@prometheus-io/lezer-promql) into the
 * expressions this service evaluates. A syntax error is bad_data naming its position; valid
 * PromQL outside the supported subset is bad_data saying what is not supported.
 */
export function parsePromQL(text: string): Expr {
  if (text.trim() === '') throw badData('empty query');
  const tree = parser.parse(text);
  let error: number | undefined;
  tree.iterate({
    enter(n) {
      if (n.type.isError && error === undefined) error = n.from;
    },
  });
  if (error !== undefined) throw badData(`parse error at char ${error + 1}: unexpected input in "${text}"`);
  const top = tree.topNode.firstChild;
  if (!top) throw badData('empty query');
  return new Reader(text).expr(top);
}

const kids = (n: SyntaxNode): SyntaxNode[] => {
  const out: SyntaxNode[] = [];
  for (let c = n.firstChild; c; c = c.nextSibling) if (c.name !== 'LineComment') out.push(c);
  return out;
};

class Reader {
  constructor(private readonly text: string) {}

  private src(n: SyntaxNode): string {
    return this.text.slice(n.from, n.to);
  }

  expr(n: SyntaxNode): Expr {
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
      case 'OffsetExpr':
      case 'StepInvariantExpr':
        return this.modified(n);
      case 'UnaryExpr': {
        const [op, inner] = kids(n);
        return { kind: 'unary', op: this.src(op!) === '-' ? '-' : '+', expr: this.expr(inner!) };
      }
      case 'BinaryExpr':
        return this.binary(n);
      case 'FunctionCall': {
        const [id, body] = kids(n);
        return { kind: 'call', func: this.src(id!), args: kids(body!).map((a) => this.expr(a)) };
      }
      case 'AggregateExpr':
        return this.aggregate(n);
      case 'SubqueryExpr':
        throw unsupported('subqueries');
      default:
        throw unsupported(`expression "${this.src(n)}"`);
    }
  }

  private number(n: SyntaxNode): number {
    const s = this.src(n).trim();
    const lower = s.toLowerCase();
    if (lower === 'inf' || lower === '+inf') return Number.POSITIVE_INFINITY;
    if (lower === '-inf') return Number.NEGATIVE_INFINITY;
    if (lower === 'nan') return Number.NaN;
    const v = /^0x[0-9a-f]+$/i.test(s) ? Number.parseInt(s, 16) : /^[0-9.]/.test(s) ? Number(s) : Number.NaN;
    if (Number.isNaN(v)) throw unsupported(`number or duration literal "${s}"`);
    return v;
  }

  /** A Go-style quoted string: "..." and '...' with escapes, `...` raw. */
  string(n: SyntaxNode): string {
    const s = this.src(n);
    const body = s.slice(1, -1);
    if (s[0] === '`') return body;
    return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|[0-7]{3}|.)/g, (_, e: string) => {
      switch (e[0]) {
        case 'x':
        case 'u':
        case 'U':
          return String.fromCodePoint(Number.parseInt(e.slice(1), 16));
        case 'n':
          return '\n';
        case 't':
          return '\t';
        case 'r':
          return '\r';
        case 'a':
          return '\x07';
        case 'b':
          return '\b';
        case 'f':
          return '\f';
        case 'v':
          return '\v';
        default:
          return /^[0-7]{3}$/.test(e) ? String.fromCharCode(Number.parseInt(e, 8)) : e;
      }
    });
  }

  private selector(n: SyntaxNode): Selector {
    const matchers: Matcher[] = [];
    for (const c of kids(n)) {
      if (c.name === 'Identifier') matchers.push({ name: '__name__', op: '=', value: this.src(c) });
      else if (c.name === 'LabelMatchers') for (const m of kids(c)) matchers.push(this.matcher(m));
      else throw unsupported(`selector part "${this.src(c)}"`);
    }
    if (!matchers.some((m) => (m.op === '=' || m.op === '=~') && !matchesEmpty(m))) {
      throw badData('vector selector must contain at least one non-empty matcher');
    }
    return { kind: 'selector', matchers, offsetMs: 0 };
  }

  private matcher(n: SyntaxNode): Matcher {
    const parts = kids(n);
    if (n.name === 'QuotedLabelName') return { name: '__name__', op: '=', value: this.string(parts[0]!) };
    const [name, op, value] = parts;
    const label = name!.name === 'QuotedLabelName' ? this.string(kids(name!)[0]!) : this.src(name!);
    return { name: label, op: this.src(op!) as MatchOp, value: this.string(value!) };
  }

  private matrix(n: SyntaxNode): Expr {
    const [sel, range] = kids(n);
    const inner = this.expr(sel!);
    if (inner.kind !== 'selector') throw unsupported('a range over anything but a selector');
    return { kind: 'matrix', selector: inner, rangeMs: parseDurationMs(this.src(range!).trim()) };
  }

  /** `x offset d` and `x @ t`, applied to the selector inside (of a range too). */
  private modified(n: SyntaxNode): Expr {
    const [inner, keyword, arg] = kids(n);
    const e = this.expr(inner!);
    const sel = e.kind === 'selector' ? e : e.kind === 'matrix' ? e.selector : undefined;
    if (!sel) throw unsupported('offset or @ on anything but a selector');
    if (keyword!.name === 'Offset') {
      const text = this.src(arg!).replace(/\s+/g, '');
      sel.offsetMs = text.startsWith('-') ? -parseDurationMs(text.slice(1)) : parseDurationMs(text);
    } else {
      const text = this.src(arg!).trim();
      if (text === 'start()' || text === 'end()') sel.at = text === 'start()' ? 'start' : 'end';
      else {
        const seconds = Number(text);
        if (!Number.isFinite(seconds) || Math.abs(seconds * 1000) > MAX_TIME_MS)
          throw badData(`invalid @ time "${text}"`);
        sel.at = Math.round(seconds * 1000);
      }
    }
    return e;
  }

  private binary(n: SyntaxNode): Expr {
    const parts = kids(n);
    const lhs = this.expr(parts[0]!);
    const rhs = this.expr(parts[parts.length - 1]!);
    const op = this.src(parts[1]!).toLowerCase() as BinaryOp | 'and' | 'or' | 'unless' | 'atan2';
    const modifiers = parts.slice(2, -1);
    let bool = false;
    for (const m of modifiers) {
      if (m.name === 'BoolModifier') bool = true;
      else throw unsupported(`vector matching "${this.src(m)}"`);
    }
    if (op === 'and' || op === 'or' || op === 'unless' || op === 'atan2') throw unsupported(`the ${op} operator`);
    return { kind: 'binary', op, lhs, rhs, bool };
  }

  private aggregate(n: SyntaxNode): Expr {
    let op = '';
    let grouping: string[] = [];
    let without = false;
    let args: Expr[] = [];
    for (const c of kids(n)) {
      if (c.name === 'AggregateOp') op = this.src(c).toLowerCase();
      else if (c.name === 'AggregateModifier') {
        const [kw, labels] = kids(c);
        without = kw!.name === 'Without';
        grouping = labels
          ? kids(labels).map((l) => (l.name === 'QuotedLabelName' ? this.string(kids(l)[0]!) : this.src(l)))
          : [];
      } else if (c.name === 'FunctionCallBody') args = kids(c).map((a) => this.expr(a));
    }
    const expr = args[args.length - 1];
    if (!expr) throw badData(`no arguments for aggregate expression ${op}`);
    return { kind: 'aggregate', op, param: args.length > 1 ? args[0] : undefined, expr, grouping, without };
  }
}

/**
 * Whether a matcher matches the empty string (such matchers alone select every series). Regexes
 * are tried with JavaScript's engine, which reads the RE2 syntax Prometheus uses for this purpose;
 * one it cannot compile counts as not matching '' here, and ClickHouse's RE2 decides its validity.
 */
export function matchesEmpty(m: Matcher): boolean {
  switch (m.op) {
    case '=':
      return m.value === '';
    case '!=':
      return m.value !== '';
    case '=~':
      return regexMatches(m.value, '') === true;
    case '!~':
      return regexMatches(m.value, '') === false;
  }
}

/** Whether the anchored regex matches `s`; undefined when JavaScript cannot compile it. */
export function regexMatches(re: string, s: string): boolean | undefined {
  try {
    return new RegExp(`^(?:${re})$`).test(s);
  } catch {
    return undefined;
  }
}
