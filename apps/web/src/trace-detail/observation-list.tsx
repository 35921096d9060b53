import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { Observation } from '../api/types.ts';
import { formatCompact, formatCost, formatCount, formatDuration } from '../lib/format.ts';
import { scrollToShow, visibleRange } from '../lib/visible-range.ts';
import { barFor, type TimeWindow } from './timeline.ts';
import type { VisibleRow } from './tree.ts';

/** Row height in px (the stylesheet's .obs-row uses the same). */
export const ROW_HEIGHT = 28;
const INDENT = 14;

export type ObservationListProps = {
  rows: VisibleRow<Observation>[];
  mode: 'tree' | 'timeline';
  window: TimeWindow;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onToggle: (id: string) => void;
  scoreCounts: ReadonlyMap<string, number>;
};

/**
 * The observations of a trace, one row each, as a tree (type, name, model, latency, tokens,
 * cost; parents show their subtree's sums) or as a waterfall. Only the rows in view are in the
 * DOM, so a trace of thousands of observations scrolls as lightly as one of ten.
 */
export function ObservationList(props: ObservationListProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  useLayoutEffect(() => {
    const el = ref.current!;
    const measure = () => setView({ top: el.scrollTop, height: el.clientHeight || 800 });
    measure();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);
  // Keep the selected row in view when the selection moves (keys, deep links).
  useEffect(() => {
    const el = ref.current;
    const index = props.rows.findIndex((r) => r.node.obs.id === props.selectedId);
    if (!el || index < 0) return;
    const top = scrollToShow(index, el.scrollTop, el.clientHeight || view.height, ROW_HEIGHT);
    if (top !== null) el.scrollTop = top;
  }, [props.selectedId, props.rows, view.height]);

  const { start, end } = visibleRange(view.top, view.height, ROW_HEIGHT, props.rows.length);
  return (
    <div
      class={`obs-list mode-${props.mode}`}
      ref={ref}
      onScroll={(e) => setView({ top: e.currentTarget.scrollTop, height: e.currentTarget.clientHeight || 800 })}
      role="tree"
      aria-label={props.mode === 'tree' ? 'Observation tree' : 'Timeline'}
    >
      <div style={{ height: `${props.rows.length * ROW_HEIGHT}px`, position: 'relative' }}>
        <div style={{ transform: `translateY(${start * ROW_HEIGHT}px)` }}>
          {props.rows.slice(start, end).map((row) => (
            <Row key={row.node.obs.id} row={row} {...props} />
          ))}
        </div>
      </div>
    </div>
  );
}

function Row(props: ObservationListProps & { row: VisibleRow<Observation> }) {
  const { row, mode } = props;
  const o = row.node.obs;
  const selected = o.id === props.selectedId;
  const level = o.level && o.level !== 'DEFAULT' ? ` level-${o.level.toLowerCase()}` : '';
  const scores = props.scoreCounts.get(o.id) ?? 0;
  const label = (
    <div class="obs-label" style={{ paddingLeft: `${row.depth * INDENT}px` }}>
      {row.hasChildren ? (
        <button
          type="button"
          class="toggle"
          aria-label={row.expanded ? `Collapse ${o.name ?? o.id}` : `Expand ${o.name ?? o.id}`}
          onClick={(e) => {
            e.stopPropagation();
            props.onToggle(o.id);
          }}
        >
          {row.expanded ? '▾' : '▸'}
        </button>
      ) : (
        <span class="toggle" />
      )}
      <span class={`type type-${o.type.toLowerCase()}`}>{o.type}</span>
      <span class="obs-name">{o.name || '(unnamed)'}</span>
      {mode === 'tree' && o.model && <span class="model">{o.model}</span>}
      {row.node.orphan && (
        <span class="badge" title={`parent ${o.parentObservationId} is not in this trace`}>
          orphan
        </span>
      )}
      {scores > 0 && <span class="badge">{scores === 1 ? '1 score' : `${scores} scores`}</span>}
    </div>
  );
  return (
    <div
      class={`obs-row${selected ? ' selected' : ''}${level}`}
      role="treeitem"
      aria-selected={selected}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-level={row.depth + 1}
      data-observation-id={o.id}
      tabIndex={selected ? 0 : -1}
      onClick={() => props.onSelect(o.id)}
      onKeyDown={(e) => {
        if (e.key === ' ') {
          e.preventDefault();
          props.onSelect(o.id);
        }
      }}
    >
      {label}
      {mode === 'tree' ? <TreeMetrics row={row} /> : <TimelineBar obs={o} window={props.window} />}
    </div>
  );
}

/** Own values for leaves; for parents, the sums over their subtree (own values in the tooltip). */
function TreeMetrics(props: { row: VisibleRow<Observation> }) {
  const { node, hasChildren } = props.row;
  const o = node.obs;
  const r = node.rollup;
  const tokens = hasChildren ? r.total : o.usage.total;
  const cost = hasChildren ? r.cost : o.totalCost;
  const title = hasChildren
    ? `own: ${formatCount(o.usage.total)} tokens, ${formatCost(o.totalCost)} · with ${r.count - 1} below: ${formatCount(r.total)} tokens, ${formatCost(r.cost)}`
    : `${formatCount(o.usage.input)} in → ${formatCount(o.usage.output)} out`;
  return (
    <div class="obs-metrics" title={title}>
      <span class="num">{o.latency !== null ? formatDuration(o.latency) : '…'}</span>
      <span class="num">
        {hasChildren && tokens > 0 ? 'Σ ' : ''}
        {tokens > 0 ? formatCompact(tokens) : ''}
      </span>
      <span class="num">
        {hasChildren && cost > 0 ? 'Σ ' : ''}
        {cost > 0 ? formatCost(cost) : ''}
      </span>
    </div>
  );
}

/** The duration label after its bar, before it when the bar reaches the right edge, or inside it when it spans both. */
function durationPlace(left: number, right: number): Record<string, string> {
  if (right <= 0.8) return { left: `calc(${right * 100}% + 6px)` };
  if (left >= 0.2) return { right: `calc(${(1 - left) * 100}% + 6px)` };
  return { right: `calc(${(1 - right) * 100}% + 6px)`, color: '#fff' };
}

function TimelineBar(props: { obs: Observation; window: TimeWindow }) {
  const bar = barFor(props.obs, props.window);
  const cls = `tl-bar type-${props.obs.type.toLowerCase()}${bar.open ? ' open' : ''}${bar.instant ? ' instant' : ''}`;
  return (
    <div class="tl-track">
      <div class={cls} style={{ left: `${bar.left * 100}%`, width: `${bar.width * 100}%` }} />
      <span class="tl-duration" style={durationPlace(bar.left, bar.left + bar.width)}>
        {props.obs.latency !== null ? formatDuration(props.obs.latency) : 'open'}
      </span>
    </div>
  );
}
