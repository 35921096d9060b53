import { TextFilter } from '../components/filters.tsx';
import { TraceFilterFields } from '../components/trace-filter.tsx';
import { SearchBox } from '../search/search-box.tsx';
import { ORDER_LABELS, TRACE_ORDERS, type TraceListState } from './list-state.ts';

/** Every filter of GET /api/public/traces, and the order. */
export function TraceFilters(props: { state: TraceListState; update: (patch: Partial<TraceListState>) => void }) {
  const { state: s, update } = props;
  return (
    <form class="filters" aria-label="Trace filters" onSubmit={(e) => e.preventDefault()}>
      <SearchBox value={s.search} onCommit={(search) => update({ search })} />
      <TraceFilterFields state={s} update={update}>
        <TextFilter label="Name" value={s.name} onCommit={(name) => update({ name })} />
      </TraceFilterFields>
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
