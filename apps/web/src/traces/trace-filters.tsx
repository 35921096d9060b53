import { RangeFilter, TextFilter } from '../components/filters.tsx';
import { splitList } from '../lib/url-state.ts';
import { ORDER_LABELS, TRACE_ORDERS, type TraceListState } from './list-state.ts';

/** Every filter of GET /api/public/traces, and the order. */
export function TraceFilters(props: { state: TraceListState; update: (patch: Partial<TraceListState>) => void }) {
  const { state: s, update } = props;
  return (
    <form class="filters" aria-label="Trace filters" onSubmit={(e) => e.preventDefault()}>
      <RangeFilter value={s} onChange={(r) => update({ range: r.range, from: r.from, to: r.to })} />
      <TextFilter label="Name" value={s.name} onCommit={(name) => update({ name })} />
      <TextFilter label="User" value={s.userId} onCommit={(userId) => update({ userId })} />
      <TextFilter label="Session" value={s.sessionId} onCommit={(sessionId) => update({ sessionId })} />
      <TextFilter
        label="Tags"
        value={s.tags.join(', ') || undefined}
        placeholder="all of: a, b"
        onCommit={(v) => update({ tags: splitList(v) })}
      />
      <TextFilter
        label="Environment"
        value={s.environment.join(', ') || undefined}
        placeholder="any of: a, b"
        onCommit={(v) => update({ environment: splitList(v) })}
      />
      <TextFilter label="Release" value={s.release} onCommit={(release) => update({ release })} />
      <TextFilter label="Version" value={s.version} onCommit={(version) => update({ version })} />
      <label class="filter">
        <span>Order</span>
        <select
          name="orderBy"
          value={s.orderBy}
          onChange={(e) => update({ orderBy: e.currentTarget.value as TraceListState['orderBy'] })}
        >
          {TRACE_ORDERS.map((o) => (
            <option key={o} value={o}>
              {ORDER_LABELS[o]}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
