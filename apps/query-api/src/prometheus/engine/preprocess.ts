import type { Expr } from '../ast.ts';
import { TIME_DEPENDENT_FUNCTIONS } from '../function-signatures.ts';

/*
 * What Prometheus' engine does to an expression before evaluating it (its PreprocessExpr): the
 * parts whose value is the same at every step, and `@ start()` / `@ end()` fixed to the query's
 * times. Both walk the parsed expression only; the Evaluator reads their results.
 */

/**
 * The expressions Prometheus wraps in StepInvariantExpr (preprocessExprHelper): the largest
 * parts whose value is the same at every step because they read at fixed times (`@`), or
 * hold no selector at all. Their time-dependent functions never are.
 */
export function stepInvariantParts(root: Expr): Set<Expr> {
  const wrapped = new Set<Expr>();
  const visit = (e: Expr): boolean => {
    switch (e.kind) {
      case 'selector':
        return e.at !== undefined;
      case 'aggregate':
        return visit(e.expr);
      case 'binary': {
        const l = visit(e.lhs);
        const r = visit(e.rhs);
        if (l && r) return true;
        if (l) wrapped.add(e.lhs);
        if (r) wrapped.add(e.rhs);
        return false;
      }
      case 'call': {
        const args = e.args.map(visit);
        if (!TIME_DEPENDENT_FUNCTIONS.has(e.func) && args.every(Boolean)) return true;
        args.forEach((inv, i) => {
          if (inv) wrapped.add(e.args[i]!);
        });
        return false;
      }
      case 'matrix':
        return visit(e.selector);
      case 'subquery':
        if (visit(e.expr)) wrapped.add(e.expr);
        return e.at !== undefined;
      case 'unary':
        return visit(e.expr);
      case 'number':
      case 'string':
        return true;
    }
  };
  if (visit(root)) wrapped.add(root);
  return wrapped;
}

/** Resolves `@ start()` and `@ end()` to the query's start and end (Prometheus' preprocessing). */
export function resolveAtModifiers(e: Expr, startMs: number, endMs: number): void {
  const fix = (n: { at?: number | 'start' | 'end' }) => {
    if (n.at === 'start') n.at = startMs;
    else if (n.at === 'end') n.at = endMs;
  };
  switch (e.kind) {
    case 'selector':
      fix(e);
      return;
    case 'matrix':
      fix(e.selector);
      return;
    case 'subquery':
      fix(e);
      resolveAtModifiers(e.expr, startMs, endMs);
      return;
    case 'aggregate':
      resolveAtModifiers(e.expr, startMs, endMs);
      if (e.param) resolveAtModifiers(e.param, startMs, endMs);
      return;
    case 'binary':
      resolveAtModifiers(e.lhs, startMs, endMs);
      resolveAtModifiers(e.rhs, startMs, endMs);
      return;
    case 'call':
      for (const a of e.args) resolveAtModifiers(a, startMs, endMs);
      return;
    case 'unary':
      resolveAtModifiers(e.expr, startMs, endMs);
      return;
    default:
      return;
  }
}
