import { useCallback, useMemo } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import type { TraceListItem } from '../api/types.ts';
import { previewOf } from '../chat/messages.ts';
import { formatCompact, formatCost, formatCount, formatDuration, formatTime, truncate } from '../lib/format.ts';
import { useListNavigation } from '../lib/list-navigation.ts';
import { useProjectHref } from '../lib/project-url.ts';
import { sessionHref } from '../sessions/session-list-page.tsx';

/** A trace's page; with the search that found it, whose terms the page marks. */
export function traceHref(id: string, opts: { observationId?: string; search?: string } = {}): string {
  const query = new URLSearchParams();
  if (opts.observationId) query.set('observation', opts.observationId);
  if (opts.search) query.set('search', opts.search);
  const qs = query.toString();
  return `/traces/${encodeURIComponent(id)}${qs ? `?${qs}` : ''}`;
}

/** The trace list: one row per trace; j/k or the arrows move, Enter or a click opens. */
export function TraceTable(props: {
  traces: TraceListItem[];
  onFilter: (patch: { userId?: string }) => void;
  /** The search the list shows, carried to the trace pages it links. */
  search?: string;
}) {
  const { route } = useLocation();
  const link = useProjectHref();
  const href = (id: string) => link(traceHref(id, { search: props.search }));
  const open = useCallback(
    (i: number) => route(link(traceHref(props.traces[i]!.id, { search: props.search }))),
    [props.traces, props.search, route, link],
  );
  const [active, setActive] = useListNavigation(props.traces, open);
  // Once per page of traces, not on every key press (inputs can be large).
  const previews = useMemo(
    () =>
      props.traces.map((t) => ({
        input: truncate(previewOf(t.input, 'input'), 120),
        output: truncate(previewOf(t.output, 'output'), 120),
      })),
    [props.traces],
  );
  return (
    <div class="table-wrap">
      <table class="list traces">
        <thead>
          <tr>
            <th class="time">Time</th>
            <th>Name</th>
            <th>User</th>
            <th>Session</th>
            <th>Tags</th>
            <th class="num">Latency</th>
            <th class="num">Tokens</th>
            <th class="num">Cost</th>
            <th class="io">Input</th>
            <th class="io">Output</th>
          </tr>
        </thead>
        <tbody>
          {props.traces.map((t, i) => (
            <tr
              key={t.id}
              data-row-index={i}
              class={i === active ? 'active' : undefined}
              aria-selected={i === active}
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a,button')) return;
                setActive(i);
                open(i);
              }}
            >
              <td class="time" title={t.timestamp}>
                {formatTime(t.timestamp)}
              </td>
              <td class="name" title={t.name ?? undefined}>
                <a href={href(t.id)}>{t.name || <span class="muted">(unnamed)</span>}</a>
              </td>
              <td>
                {t.userId && (
                  <button
                    type="button"
                    class="link"
                    title={`Show the traces of ${t.userId}`}
                    onClick={() => props.onFilter({ userId: t.userId! })}
                  >
                    {t.userId}
                  </button>
                )}
              </td>
              <td title={t.sessionId ?? undefined}>
                {t.sessionId && <a href={link(sessionHref(t.sessionId, props.search))}>{t.sessionId}</a>}
              </td>
              <td class="tags" title={t.tags.join(', ') || undefined}>
                {t.tags.map((tag) => (
                  <span key={tag} class="chip">
                    {tag}
                  </span>
                ))}
              </td>
              <td class="num">{formatDuration(t.latency)}</td>
              <td
                class="num"
                title={t.usage ? `${formatCount(t.usage.input)} in → ${formatCount(t.usage.output)} out` : ''}
              >
                {formatCompact(t.usage?.total)}
              </td>
              <td class="num">{formatCost(t.totalCost)}</td>
              <td class="io">{previews[i]!.input}</td>
              <td class="io">{previews[i]!.output}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
