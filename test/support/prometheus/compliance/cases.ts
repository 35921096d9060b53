import { readFileSync } from 'node:fs';
import YAML from 'yaml';

/** One expanded compliance case: a PromQL range query and whether Prometheus must refuse it. */
export type ComplianceCase = { query: string; shouldFail: boolean; skipComparison: boolean };

/**
 * The values each template variable takes, as the compliance tester expands them
 * (promql/testcases: the same names, values and order).
 */
const VARIANTS: Record<string, string[]> = {
  range: ['1s', '15s', '1m', '5m', '15m', '1h'],
  offset: ['1m', '5m', '10m'],
  simpleAggrOp: ['sum', 'avg', 'max', 'min', 'count', 'stddev', 'stdvar'],
  simpleTimeAggrOp: ['sum', 'avg', 'max', 'min', 'count', 'stddev', 'stdvar', 'absent', 'last'],
  topBottomOp: ['topk', 'bottomk'],
  quantile: ['-0.5', '0.1', '0.5', '0.75', '0.95', '0.90', '0.99', '1', '1.5'],
  arithBinOp: ['+', '-', '*', '/', '%', '^'],
  compBinOp: ['==', '!=', '<', '>', '<=', '>='],
  binOp: ['+', '-', '*', '/', '%', '^', '==', '!=', '<', '>', '<=', '>='],
  simpleMathFunc: ['abs', 'ceil', 'floor', 'exp', 'sqrt', 'ln', 'log2', 'log10', 'round'],
  extrapolatedRateFunc: ['delta', 'rate', 'increase'],
  clampFunc: ['clamp_min', 'clamp_max'],
  instantRateFunc: ['idelta', 'irate'],
  dateFunc: ['day_of_month', 'day_of_week', 'days_in_month', 'hour', 'minute', 'month', 'year'],
  smoothingFactor: ['0.1', '0.5', '0.8'],
  trendFactor: ['0.1', '0.5', '0.8'],
};

type Template = { query: string; variant_args?: string[]; should_fail?: boolean; skip_comparison?: boolean };

/**
 * Every case of the vendored list (promql-test-queries.yml), in the tester's order: each
 * template once per combination of its variables' values, the first variable outermost.
 */
export function complianceCases(): ComplianceCase[] {
  const file = YAML.parse(readFileSync(new URL('./promql-test-queries.yml', import.meta.url), 'utf8')) as {
    test_cases: Template[];
  };
  return file.test_cases.flatMap((t) =>
    expand(t.query, t.variant_args ?? [], {}).map((query) => ({
      query,
      shouldFail: t.should_fail === true,
      skipComparison: t.skip_comparison === true,
    })),
  );
}

function expand(template: string, names: string[], values: Record<string, string>): string[] {
  if (names.length === 0) {
    return [template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '')];
  }
  const [name, ...rest] = names;
  const options = VARIANTS[name!];
  if (!options) throw new Error(`unknown template variable ${name}`);
  return options.flatMap((v) => expand(template, rest, { ...values, [name!]: v }));
}
