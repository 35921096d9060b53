import { COMPARISONS, type Expr, SET_OPERATORS, type ValueType } from './ast.ts';
import { AGGREGATION_OPS, FUNCTIONS } from './function-signatures.ts';

/** The type of an expression's value (parser.Expr.Type()). */
export function typeOf(e: Expr): ValueType {
  switch (e.kind) {
    case 'number':
      return 'scalar';
    case 'string':
      return 'string';
    case 'selector':
    case 'aggregate':
      return 'vector';
    case 'matrix':
    case 'subquery':
      return 'matrix';
    case 'call':
      return FUNCTIONS.get(e.func)?.returns ?? 'vector';
    case 'binary':
      return typeOf(e.lhs) === 'scalar' && typeOf(e.rhs) === 'scalar' ? 'scalar' : 'vector';
    case 'unary':
      return typeOf(e.expr);
  }
}

/** How Prometheus names a type in its messages (parser.DocumentedType). */
export function documentedType(t: ValueType): string {
  return t === 'vector' ? 'instant vector' : t === 'matrix' ? 'range vector' : t;
}

/**
 * Prometheus 2.42's type checks (parser.checkAST), with its messages, and the defaults it fills
 * in: a binary operation between two vectors gets one-to-one matching (many-to-many for set
 * operators) when none is written, and loses a matching clause that has nothing to match.
 * `fail(position, message)` builds the error thrown.
 */
export function checkTypes(
  root: Expr,
  position: (e: Expr) => number,
  fail: (pos: number, message: string) => Error,
  /** Where a binary operation's operator is: the errors about the operator are placed there. */
  operatorPosition: (e: Expr) => number = position,
): void {
  const error = (e: Expr, message: string): never => {
    throw fail(position(e), message);
  };
  const operatorError = (e: Expr, message: string): never => {
    throw fail(operatorPosition(e), message);
  };
  const expect = (e: Expr, want: ValueType, context: string) => {
    check(e);
    const got = typeOf(e);
    if (got !== want) error(e, `expected type ${documentedType(want)} in ${context}, got ${documentedType(got)}`);
  };
  const check = (e: Expr): void => {
    switch (e.kind) {
      case 'aggregate': {
        expect(e.expr, 'vector', 'aggregation expression');
        const param = AGGREGATION_OPS.get(e.op);
        if (param !== undefined && e.param) expect(e.param, param, 'aggregation parameter');
        return;
      }
      case 'binary': {
        check(e.lhs);
        check(e.rhs);
        const lt = typeOf(e.lhs);
        const rt = typeOf(e.rhs);
        const comparison = COMPARISONS.has(e.op);
        const setOp = SET_OPERATORS.has(e.op);
        if (e.bool && !comparison) operatorError(e, 'bool modifier can only be used on comparison operators');
        if (comparison && !e.bool && lt === 'scalar' && rt === 'scalar') {
          operatorError(e, 'comparisons between scalars must use BOOL modifier');
        }
        if (e.matching && setOp && e.matching.card === 'one-to-one') e.matching.card = 'many-to-many';
        if (e.matching?.on) {
          for (const l of e.matching.labels) {
            if (e.matching.include.includes(l)) {
              operatorError(e, `label "${l}" must not occur in ON and GROUP clause at once`);
            }
          }
        }
        if (lt !== 'scalar' && lt !== 'vector')
          error(e.lhs, 'binary expression must contain only scalar and instant vector types');
        if (rt !== 'scalar' && rt !== 'vector')
          error(e.rhs, 'binary expression must contain only scalar and instant vector types');
        if (lt !== 'vector' || rt !== 'vector') {
          if (e.matching && e.matching.labels.length > 0)
            error(e, 'vector matching only allowed between instant vectors');
          e.matching = undefined;
        } else {
          e.matching ??= { card: setOp ? 'many-to-many' : 'one-to-one', on: false, labels: [], include: [] };
          if (setOp && (e.matching.card === 'one-to-many' || e.matching.card === 'many-to-one')) {
            error(e, `no grouping allowed for "${e.op}" operation`);
          }
          if (!setOp && e.matching.card === 'many-to-many') error(e, 'many-to-many only allowed for set operators');
        }
        if ((lt === 'scalar' || rt === 'scalar') && setOp) {
          error(e, `set operator "${e.op}" not allowed in binary scalar expression`);
        }
        return;
      }
      case 'call': {
        const f = FUNCTIONS.get(e.func)!;
        const n = f.args.length;
        if (f.variadic === 0) {
          if (n !== e.args.length) error(e, `expected ${n} argument(s) in call to "${e.func}", got ${e.args.length}`);
        } else {
          const least = n - 1;
          if (least > e.args.length) {
            error(e, `expected at least ${least} argument(s) in call to "${e.func}", got ${e.args.length}`);
          } else if (f.variadic > 0 && least + f.variadic < e.args.length) {
            error(e, `expected at most ${least + f.variadic} argument(s) in call to "${e.func}", got ${e.args.length}`);
          }
        }
        for (const [i, arg] of e.args.entries()) {
          if (i >= n && f.variadic === 0) break;
          expect(arg, f.args[Math.min(i, n - 1)]!, `call to function "${e.func}"`);
        }
        return;
      }
      case 'unary': {
        check(e.expr);
        const t = typeOf(e.expr);
        if (t !== 'scalar' && t !== 'vector') {
          error(
            e,
            `unary expression only allowed on expressions of type scalar or instant vector, got "${documentedType(t)}"`,
          );
        }
        return;
      }
      case 'subquery': {
        check(e.expr);
        const t = typeOf(e.expr);
        if (t !== 'vector') error(e, `subquery is only allowed on instant vector, got ${t} instead`);
        return;
      }
      default:
        return;
    }
  };
  check(root);
}
