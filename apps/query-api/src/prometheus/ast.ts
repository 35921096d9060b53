/** The PromQL expressions this service evaluates (parse.ts builds them from the grammar's tree). */

export type MatchOp = '=' | '!=' | '=~' | '!~';
export type Matcher = { name: string; op: MatchOp; value: string };

export type Selector = {
  kind: 'selector';
  matchers: Matcher[];
  /** `offset`, milliseconds (negative looks ahead). */
  offsetMs: number;
  /** `@`: a fixed evaluation time in ms, or the query's start or end. */
  at?: number | 'start' | 'end';
};

export type Expr =
  | { kind: 'number'; value: number }
  | { kind: 'string'; value: string }
  | Selector
  | { kind: 'matrix'; selector: Selector; rangeMs: number }
  | { kind: 'call'; func: string; args: Expr[] }
  | { kind: 'aggregate'; op: string; param?: Expr; expr: Expr; grouping: string[]; without: boolean }
  | { kind: 'binary'; op: BinaryOp; lhs: Expr; rhs: Expr; bool: boolean }
  | { kind: 'unary'; op: '-' | '+'; expr: Expr };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '^' | '==' | '!=' | '>' | '<' | '>=' | '<=';
export const COMPARISONS: ReadonlySet<BinaryOp> = new Set(['==', '!=', '>', '<', '>=', '<=']);
