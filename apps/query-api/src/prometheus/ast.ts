/** The PromQL expressions of Prometheus 2.42 (parse.ts builds them from the grammar's tree). */

export type MatchOp = '=' | '!=' | '=~' | '!~';
export type Matcher = { name: string; op: MatchOp; value: string };

/** `@ t` (milliseconds), `@ start()` or `@ end()`. */
export type AtModifier = number | 'start' | 'end';

export type Selector = {
  kind: 'selector';
  matchers: Matcher[];
  /** `offset`, milliseconds (negative looks ahead). */
  offsetMs: number;
  /** `@`: a fixed evaluation time in ms, or the query's start or end. */
  at?: AtModifier;
};

export type MatrixSelector = { kind: 'matrix'; selector: Selector; rangeMs: number };

/** `expr[range:step]`; `stepMs` 0 when the step is left out (the query's step is used). */
export type Subquery = {
  kind: 'subquery';
  expr: Expr;
  rangeMs: number;
  stepMs: number;
  offsetMs: number;
  at?: AtModifier;
};

/**
 * How the two sides of a binary operation between vectors are matched: on the listed labels or
 * ignoring them, one-to-one or with `group_left`/`group_right` (`include`: the labels copied from
 * the "one" side); set operators are many-to-many.
 */
export type VectorMatching = {
  card: 'one-to-one' | 'many-to-one' | 'one-to-many' | 'many-to-many';
  on: boolean;
  labels: string[];
  include: string[];
};

export type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | Selector
  | MatrixSelector
  | Subquery
  | { kind: 'call'; func: string; args: Expr[] }
  | { kind: 'aggregate'; op: string; param?: Expr; expr: Expr; grouping: string[]; without: boolean }
  | { kind: 'binary'; op: BinaryOp; lhs: Expr; rhs: Expr; bool: boolean; matching?: VectorMatching }
  | { kind: 'unary'; op: '-' | '+'; expr: Expr };

export type ArithmeticOp = '+' | '-' | '*' | '/' | '%' | '^' | 'atan2';
export type ComparisonOp = '==' | '!=' | '>' | '<' | '>=' | '<=';
export type SetOp = 'and' | 'or' | 'unless';
export type BinaryOp = ArithmeticOp | ComparisonOp | SetOp;

export const COMPARISONS: ReadonlySet<BinaryOp> = new Set(['==', '!=', '>', '<', '>=', '<=']);
export const SET_OPERATORS: ReadonlySet<BinaryOp> = new Set(['and', 'or', 'unless']);

/** The types PromQL values have (Prometheus' parser.ValueType). */
export type ValueType = 'scalar' | 'vector' | 'matrix' | 'string';
