import { formatPromFloat } from '@spanhouse/schema';
import { type Labels, sortedLabels } from './engine/values.ts';

/** A sample value as Prometheus writes it in API answers. */
export const formatValue = formatPromFloat;

/** A timestamp in ms as the API writes it: Unix seconds, at most three decimals. */
export const formatTime = (ms: number): number => ms / 1000;

/**
 * A range query's `data` as the API writes it, `{"resultType":"matrix","result":[{"metric":{...},
 * "values":[[t,"v"],...]},...]}`, written straight from the points: what JSON.stringify of the
 * answer's objects gives (labels in name order, times as JSON numbers, values as strings), without
 * building a pair and a string object per point first. Values need no escaping: formatValue only
 * writes digits, signs, `.`, `NaN` and `Inf`.
 */
export function encodeMatrix(
  series: readonly { metric: Labels; points: readonly (readonly [number, number])[] }[],
): string {
  const parts = new Array<string>(series.length);
  for (let i = 0; i < series.length; i++) {
    const { metric, points } = series[i]!;
    const values = new Array<string>(points.length);
    for (let j = 0; j < points.length; j++) {
      const [t, v] = points[j]!;
      values[j] = `[${formatTime(t)},"${formatValue(v)}"]`;
    }
    parts[i] = `{"metric":${JSON.stringify(sortedLabels(metric))},"values":[${values.join(',')}]}`;
  }
  return `{"resultType":"matrix","result":[${parts.join(',')}]}`;
}
