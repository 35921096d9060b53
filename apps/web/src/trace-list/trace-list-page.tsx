import { useEffect, useRef } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { toQueryString } from '../api/client.ts';
import type { TraceListResponse } from '../api/types.ts';
import { useApi } from '../auth/session.tsx';
import { PageHead } from '../components/page-head.tsx';
import { isPastTheEnd, Pagination, PastTheEnd } from '../components/pagination.tsx';
import { EmptyState, ErrorState, Loading } from '../components/states.tsx';
import { rememberTraceList, useProjectHref } from '../lib/project-url.ts';
import { useScrollRestore } from '../lib/scroll-restore.ts';
import { useResource } from '../lib/use-resource.ts';
import { useNow, useUrlState } from '../lib/use-url-state.ts';
import { hasFilters, TRACE_LIST_PARAMS, traceListQuery } from './list-state.ts';
import { TraceFilters } from './trace-filters.tsx';
import { TraceTable } from './trace-table.tsx';

/** Marked once the first page of traces is on screen (read by the browser test). */
export const TRACES_READY_MARK = 'spanhouse:traces-ready';

export function TraceListPage() {
  const api = useApi();
  const link = useProjectHref();
  const [state, update] = useUrlState(TRACE_LIST_PARAMS);
  const { url } = useLocation();
  rememberTraceList(url);
  const [now, refresh] = useNow(JSON.stringify(state));
  const query = traceListQuery(state, now);
  const key = `/api/public/traces${toQueryString(query)}`;
  const res = useResource(key, (signal) => api.get<TraceListResponse>('/api/public/traces', query, signal));

  useScrollRestore(Boolean(res.data) && !res.loading);

  const marked = useRef(false);
  useEffect(() => {
    if (res.data && !marked.current) {
      marked.current = true;
      performance.mark(TRACES_READY_MARK);
    }
  }, [res.data]);

  const reloadAll = () => {
    refresh();
    res.reload();
  };
  return (
    <main class="page">
      <PageHead title="Traces" onRefresh={reloadAll} />
      <TraceFilters state={state} update={update} />
      {res.error ? (
        <ErrorState error={res.error} retry={res.reload} />
      ) : !res.data ? (
        <Loading what="traces" />
      ) : isPastTheEnd(res.data.meta, res.data.data.length) ? (
        <>
          <PastTheEnd meta={res.data.meta} noun="trace" onPage={(page) => update({ page })} />
          <Pagination
            meta={res.data.meta}
            noun="trace"
            onPage={(page) => update({ page })}
            onLimit={(limit) => update({ limit })}
          />
        </>
      ) : res.data.data.length === 0 ? (
        hasFilters(state) ? (
          <EmptyState title="No traces match these filters">
            <p>Widen the time range or clear a filter.</p>
            <p>
              <a href={link('/traces')}>Clear all filters</a>
            </p>
          </EmptyState>
        ) : (
          <EmptyState title="No traces stored yet">
            <p>
              Send one with <code>POST /v1/l/batch</code>, an OpenTelemetry exporter or the Langfuse SDK pointed at{' '}
              <code>{location.origin}/api/public/otel/v1/traces</code> (see the README), then press Refresh.
            </p>
          </EmptyState>
        )
      ) : (
        <div class={res.loading ? 'stale' : undefined}>
          <TraceTable traces={res.data.data} onFilter={update} search={state.search} />
          <Pagination
            meta={res.data.meta}
            noun="trace"
            onPage={(page) => update({ page })}
            onLimit={(limit) => update({ limit })}
          />
        </div>
      )}
    </main>
  );
}
