import { useLayoutEffect, useState } from 'preact/hooks';
import type { MetricLabelsResponse } from '../api/types.ts';

type Row = { key: string; value: string };

/**
 * Label filters (all must match: the API's containment), one row per key. Keys and values are
 * suggested from the metric's stored series; a value typed by hand works too. Applied on change.
 * A row with a key and no value is a filter on the empty value (`{"region": ""}` matches the
 * series whose region is the empty string), as its placeholder says: stored labels can be empty,
 * and a filter the user sees must be the one applied.
 */
export function LabelFilters(props: {
  labels: Record<string, string>;
  suggestions: MetricLabelsResponse | undefined;
  onChange: (labels: Record<string, string>) => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => toRows(props.labels));
  const labelsKey = JSON.stringify(props.labels);
  // In the render's task, as TextFilter's draft: a deferred effect could wipe a row being typed.
  useLayoutEffect(() => setRows(toRows(props.labels)), [labelsKey]);
  const keys = props.suggestions?.data ?? [];
  const commit = (next: Row[]) => {
    setRows(next);
    const complete = next.filter((r) => r.key);
    // Containment takes one value per key: a second row for a key would silently replace the
    // first one's value, so rows with a repeated key wait, marked, until it is changed.
    if (repeatedRows(next).size > 0) return;
    props.onChange(Object.fromEntries(complete.map((r) => [r.key, r.value])));
  };
  const repeated = repeatedRows(rows);
  const set = (i: number, patch: Partial<Row>) => rows.map((r, j) => (j === i ? { ...r, ...patch } : r));

  return (
    <fieldset class="label-filters">
      <legend>Label filters</legend>
      <datalist id="label-keys">
        {keys.map((k) => (
          <option key={k.key} value={k.key}>
            {k.seriesCount} series
          </option>
        ))}
      </datalist>
      {rows.map((row, i) => {
        const known = keys.find((k) => k.key === row.key);
        const listId = `label-values-${i}`;
        return (
          <div class="label-row" key={i}>
            <input
              aria-label="Label key"
              name={`label-key-${i}`}
              list="label-keys"
              placeholder="key"
              value={row.key}
              onInput={(e) => setRows(set(i, { key: e.currentTarget.value }))}
              onChange={(e) => commit(set(i, { key: e.currentTarget.value.trim() }))}
            />
            <span>=</span>
            <input
              aria-label="Label value"
              name={`label-value-${i}`}
              list={listId}
              placeholder={row.key ? 'empty' : 'value'}
              title={row.key && !row.value ? `Matches the series whose ${row.key} is empty` : undefined}
              value={row.value}
              onInput={(e) => setRows(set(i, { value: e.currentTarget.value }))}
              onChange={(e) => commit(set(i, { value: e.currentTarget.value }))}
            />
            <datalist id={listId}>
              {known?.values.map((v) => (
                <option key={v.value} value={v.value}>
                  {v.value ? '' : 'empty · '}
                  {v.seriesCount} series
                </option>
              ))}
            </datalist>
            {known?.truncated && (
              <span class="muted" title="Suggestions show the most common values only">
                top {known.values.length} of {known.valuesTotal}
              </span>
            )}
            <button type="button" aria-label="Remove filter" onClick={() => commit(rows.filter((_, j) => j !== i))}>
              ×
            </button>
            {repeated.has(i) && (
              <span class="error" role="alert">
                {row.key} is filtered already: one value per key
              </span>
            )}
          </div>
        );
      })}
      <button type="button" onClick={() => setRows([...rows, { key: '', value: '' }])}>
        + Add filter
      </button>
    </fieldset>
  );
}

/** The rows (by index) whose key an earlier row has already. */
function repeatedRows(rows: Row[]): Set<number> {
  const seen = new Set<string>();
  const repeated = new Set<number>();
  rows.forEach((r, i) => {
    if (!r.key) return;
    if (seen.has(r.key)) repeated.add(i);
    seen.add(r.key);
  });
  return repeated;
}

function toRows(labels: Record<string, string>): Row[] {
  return Object.entries(labels).map(([key, value]) => ({ key, value }));
}
