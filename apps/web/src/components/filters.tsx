import { useLayoutEffect, useState } from 'preact/hooks';
import {
  fromLocalInput,
  RANGE_KEYS,
  RANGE_LABELS,
  type RangeKey,
  type TimeRange,
  toLocalInput,
} from '../lib/time-range.ts';

/**
 * A text filter that applies on Enter or when it loses focus (not on every key: each change is a
 * request and a history entry).
 */
export function TextFilter(props: {
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  placeholder?: string;
  list?: string;
  /** The input's name (default: the label in lower case), type, length limit and extra class. */
  name?: string;
  type?: 'text' | 'search';
  maxLength?: number;
  class?: string;
}) {
  const [draft, setDraft] = useState(props.value ?? '');
  // A layout effect, in the render's own task: a deferred effect could land after the first key
  // typed into a fresh page and wipe it.
  useLayoutEffect(() => setDraft(props.value ?? ''), [props.value]);
  const commit = () => {
    const next = draft.trim() || undefined;
    if (next !== props.value) props.onCommit(next);
  };
  return (
    <label class={props.class ? `filter ${props.class}` : 'filter'}>
      <span>{props.label}</span>
      <input
        type={props.type ?? 'text'}
        name={props.name ?? props.label.toLowerCase()}
        maxLength={props.maxLength}
        value={draft}
        placeholder={props.placeholder ?? 'any'}
        list={props.list}
        onInput={(e) => setDraft(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') e.currentTarget.blur();
        }}
      />
    </label>
  );
}

/** Quick ranges, all time, or custom bounds (datetime inputs in local time). */
export function RangeFilter(props: { value: TimeRange; onChange: (r: TimeRange) => void; keys?: readonly RangeKey[] }) {
  const r = props.value;
  return (
    <div class="filter range">
      <label>
        <span>Time</span>
        <select
          name="range"
          value={r.range}
          onChange={(e) => {
            const range = e.currentTarget.value as RangeKey;
            props.onChange(
              range === 'custom'
                ? { range, from: r.from ?? new Date(Date.now() - 86_400_000).toISOString(), to: r.to }
                : { range },
            );
          }}
        >
          {(props.keys ?? RANGE_KEYS).map((k) => (
            <option key={k} value={k}>
              {RANGE_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {r.range === 'custom' &&
        (['from', 'to'] as const).map((bound) => (
          <label key={bound}>
            <span>{bound === 'from' ? 'From' : 'To'}</span>
            <input
              type="datetime-local"
              name={bound}
              value={toLocalInput(r[bound])}
              onChange={(e) => props.onChange({ ...r, [bound]: fromLocalInput(e.currentTarget.value) })}
            />
          </label>
        ))}
    </div>
  );
}
