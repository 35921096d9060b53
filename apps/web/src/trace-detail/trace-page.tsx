import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import type { Observation, Trace } from '../api/types.ts';
import { useApi } from '../auth/session.tsx';
import { Segmented } from '../components/segmented.tsx';
import { ErrorState, Loading } from '../components/states.tsx';
import { counted, formatCompact, formatCost, formatDuration, formatTime, shownId } from '../lib/format.ts';
import { keyBelongsToTarget, nextIndex, releaseFocus } from '../lib/list-navigation.ts';
import { useTraceListHref } from '../lib/project-url.ts';
import { param } from '../lib/url-state.ts';
import { useResource } from '../lib/use-resource.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { highlightTerms } from '../search/highlight.ts';
import { SearchTerms } from '../search/highlighted.tsx';
import { DeleteTraceButton } from './delete-trace.tsx';
import { ObservationDetail, TraceOverview } from './observation-detail.tsx';
import { ObservationList } from './observation-list.tsx';
import { toScores } from './scores.tsx';
import { timeTicks, traceWindow } from './timeline.ts';
import { ancestorIds, buildTree, type VisibleRow, visibleRows } from './tree.ts';

/** Performance marks the browser test reads: the trace's JSON parsed, and its first paint after. */
export const TRACE_DATA_MARK = 'spanhouse:trace-data';
export const TRACE_RENDERED_MARK = 'spanhouse:trace-rendered';
export const TRACE_RENDER_MEASURE = 'spanhouse:trace-render';

/**
 * `?observation=<id>` deep-links the selection; `?view=timeline` the waterfall; `?search=` (the
 * trace list's search that led here) marks its terms in the conversation.
 */
const TRACE_PAGE_PARAMS = {
  observation: param.text(),
  view: param.choice(['tree', 'timeline'], 'tree'),
  search: param.text(),
};
const VIEWS = [
  ['tree', 'Tree'],
  ['timeline', 'Timeline'],
] as const;

export function TracePage() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const api = useApi();
  const [state, update] = useUrlState(TRACE_PAGE_PARAMS);
  const res = useResource(`trace:${id}`, async (signal) => {
    const trace = await api.get<Trace>(`/api/public/traces/${encodeURIComponent(id)}`, undefined, signal);
    performance.clearMarks(TRACE_DATA_MARK);
    performance.mark(TRACE_DATA_MARK);
    return trace;
  });
  // One value per search: a new array each render would re-render every marked text below.
  const searchTerms = useMemo(() => highlightTerms(state.search), [state.search]);
  const trace = res.data?.id === id ? res.data : undefined;
  if (res.error || !trace) {
    return (
      <TracePageState id={id}>
        {res.error ? (
          <ErrorState error={res.error} retry={res.reload} title="Could not load this trace" />
        ) : (
          <Loading what="the trace" />
        )}
      </TracePageState>
    );
  }
  return (
    <SearchTerms.Provider value={searchTerms}>
      <TraceView
        key={trace.id}
        trace={trace}
        selectedId={state.observation ?? null}
        view={state.view}
        update={update}
        actions={<DeleteTraceButton traceId={trace.id} name={trace.name ?? ''} />}
      />
    </SearchTerms.Provider>
  );
}

/** The trace's page while it loads or when it cannot: the way back to the list, and its id. */
function TracePageState(props: { id: string; children: ComponentChildren }) {
  const list = useTraceListHref();
  return (
    <main class="page">
      <header class="page-head">
        <nav class="crumbs">
          <a href={list}>Traces</a> /
        </nav>
        <h1 class="mono">{shownId(props.id)}</h1>
      </header>
      {props.children}
    </main>
  );
}

/** One loaded trace: tree or timeline on the left, the selection's details on the right. */
export function TraceView(props: {
  trace: Trace;
  selectedId: string | null;
  view: 'tree' | 'timeline';
  update: (patch: { observation?: string; view?: 'tree' | 'timeline' }, opts?: { replace?: boolean }) => void;
  /** What the header offers besides the facts (the page: deleting the trace). */
  actions?: ComponentChildren;
}) {
  const { trace, update } = props;
  const tree = useMemo(() => buildTree(trace.observations), [trace]);
  const timeWindow = useMemo(() => traceWindow(trace.observations), [trace]);
  const scores = useMemo(() => toScores(trace.scores), [trace]);
  const scoreCounts = useMemo(() => {
    const m = new Map<string, number>();
    for (const s of scores) if (s.observationId) m.set(s.observationId, (m.get(s.observationId) ?? 0) + 1);
    return m;
  }, [scores]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => visibleRows(tree.roots, collapsed), [tree, collapsed]);
  const selected = props.selectedId ? tree.byId.get(props.selectedId)?.obs : undefined;

  // Selecting an observation (a deep link, a key) opens the path to it; collapsing a parent of
  // the selection afterwards stays collapsed.
  useEffect(() => {
    if (!props.selectedId) return;
    const path = ancestorIds(tree, props.selectedId);
    setCollapsed((c) => (path.some((a) => c.has(a)) ? new Set([...c].filter((x) => !path.includes(x))) : c));
  }, [props.selectedId, tree]);

  useLayoutEffect(() => {
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.clearMarks(TRACE_RENDERED_MARK);
        performance.mark(TRACE_RENDERED_MARK);
        if (performance.getEntriesByName(TRACE_DATA_MARK).length) {
          performance.measure(TRACE_RENDER_MEASURE, TRACE_DATA_MARK, TRACE_RENDERED_MARK);
        }
      }),
    );
  }, [trace]);

  const select = useCallback(
    (obsId: string | undefined) => update({ observation: obsId }, { replace: true }),
    [update],
  );
  const toggle = useCallback(
    (obsId: string) =>
      setCollapsed((c) => {
        const next = new Set(c);
        if (!next.delete(obsId)) next.add(obsId);
        return next;
      }),
    [],
  );
  useTreeKeys(rows, props.selectedId, select, toggle);

  const list = useTraceListHref();
  const tokens = useMemo(() => tree.roots.reduce((sum, r) => sum + r.rollup.total, 0), [tree]);
  const withChildren = useMemo(
    () => [...tree.byId.values()].filter((n) => n.children.length).map((n) => n.obs.id),
    [tree],
  );
  return (
    <main class="page trace-page">
      <header class="page-head">
        <nav class="crumbs">
          <a href={list}>Traces</a> /
        </nav>
        <h1>{trace.name || '(unnamed trace)'}</h1>
        <span class="facts-inline">
          {formatTime(trace.timestamp)} · {formatDuration(trace.latency)} · {formatCompact(tokens)} tokens ·{' '}
          {formatCost(trace.totalCost)} · {counted(trace.observations.length, 'observation')}
        </span>
        {props.actions}
      </header>
      <div class="split">
        <section class="pane tree-pane" aria-label="Observations">
          <div class="pane-bar">
            <Segmented options={VIEWS} value={props.view} onChange={(view) => update({ view })} />
            <button type="button" onClick={() => setCollapsed(new Set())}>
              Expand all
            </button>
            <button type="button" onClick={() => setCollapsed(new Set(withChildren))}>
              Collapse all
            </button>
          </div>
          <button
            type="button"
            class={`trace-row${selected ? '' : ' selected'}`}
            onClick={() => select(undefined)}
            aria-pressed={!selected}
          >
            <span class="type type-trace">TRACE</span> {trace.name || '(unnamed)'}
          </button>
          {props.view === 'timeline' && <TimelineAxis durationMs={timeWindow.end - timeWindow.start} />}
          {rows.length === 0 ? (
            <p class="state empty">This trace has no observations.</p>
          ) : (
            <ObservationList
              rows={rows}
              mode={props.view}
              window={timeWindow}
              selectedId={selected ? selected.id : null}
              onSelect={select}
              onToggle={toggle}
              scoreCounts={scoreCounts}
            />
          )}
        </section>
        <section class="pane detail-pane">
          {selected ? (
            <ObservationDetail obs={selected} scores={scores.filter((s) => s.observationId === selected.id)} />
          ) : (
            <TraceOverview trace={trace} scores={scores.filter((s) => !s.observationId)} tokens={tokens} />
          )}
        </section>
      </div>
    </main>
  );
}

function TimelineAxis(props: { durationMs: number }) {
  return (
    <div class="tl-axis" aria-hidden="true">
      <div />
      <div class="tl-ticks">
        {timeTicks(props.durationMs).map((t) => (
          // Labels centre on their tick, but the first and a last one at the edge stay inside.
          <span
            key={t.label}
            style={{ left: `${t.at * 100}%`, transform: `translateX(${t.at === 0 ? 0 : t.at > 0.95 ? -100 : -50}%)` }}
          >
            {t.label}
          </span>
        ))}
      </div>
    </div>
  );
}

/**
 * j/k and the arrows move the selection; ←/→ collapse and expand (← on a leaf or a collapsed
 * node goes to its parent); Escape selects the trace itself. The listener reads the latest rows
 * and selection from a ref (and moves the ref at once), so fast key presses each take a step.
 */
function useTreeKeys(
  rows: VisibleRow<Observation>[],
  selectedId: string | null,
  select: (id: string | undefined) => void,
  toggle: (id: string) => void,
) {
  const latest = useRef({ rows, selectedId, select, toggle });
  latest.current = { ...latest.current, rows, select, toggle };
  const lastSeen = useRef(selectedId);
  if (lastSeen.current !== selectedId) {
    lastSeen.current = selectedId;
    latest.current.selectedId = selectedId;
  }
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || keyBelongsToTarget(e.target, e.key)) return;
      const { rows: visible, selectedId: current, select: choose, toggle: flip } = latest.current;
      const move = (id: string | undefined) => {
        releaseFocus(e.target);
        latest.current.selectedId = id ?? null;
        choose(id);
      };
      const index = visible.findIndex((r) => r.node.obs.id === current);
      const row = visible[index];
      if (e.key === 'Escape') return move(undefined);
      if (row && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
        e.preventDefault();
        if (e.key === 'ArrowRight' && row.hasChildren && !row.expanded) flip(row.node.obs.id);
        else if (e.key === 'ArrowLeft' && row.expanded) flip(row.node.obs.id);
        else if (e.key === 'ArrowLeft' && row.node.obs.parentObservationId && !row.node.orphan) {
          move(row.node.obs.parentObservationId);
        }
        return;
      }
      const next = nextIndex(index, e.key, visible.length);
      if (next === null) return;
      e.preventDefault();
      move(visible[next]!.node.obs.id);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
}
