import { joinList, splitList } from '@spanhouse/schema';
import { useCallback } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { toQueryString } from '../api/client.ts';
import type { SessionListResponse } from '../api/types.ts';
import { useApi } from '../auth/session.tsx';
import { RangeFilter, TextFilter } from '../components/filters.tsx';
import { PageHead } from '../components/page-head.tsx';
import { isPastTheEnd, Pagination, PastTheEnd } from '../components/pagination.tsx';
import { EmptyState, ErrorState, Loading } from '../components/states.tsx';
import { formatTime } from '../lib/format.ts';
import { useListNavigation } from '../lib/list-navigation.ts';
import { useProjectHref } from '../lib/project-url.ts';
import { useScrollRestore } from '../lib/scroll-restore.ts';
import { RANGE_KEYS, resolveRange } from '../lib/time-range.ts';
import { param } from '../lib/url-state.ts';
import { useResource } from '../lib/use-resource.ts';
import { useNow, useUrlState } from '../lib/use-url-state.ts';
import { SearchBox } from '../search/search-box.tsx';

/** GET /api/public/sessions' filters: search, time range, environment; server-side pages. */
const SESSION_LIST_PARAMS = {
  search: param.text(),
  range: param.choice(RANGE_KEYS, 'all'),
  from: param.text(),
  to: param.text(),
  environment: param.list(),
  page: param.int(1, 1, 1_000_000),
};

/** A session's page; with the search that found it, whose terms the page marks. */
export function sessionHref(id: string, search?: string): string {
  const qs = search ? `?${new URLSearchParams([['search', search]])}` : '';
  return `/sessions/${encodeURIComponent(id)}${qs}`;
}

export function SessionListPage() {
  const api = useApi();
  const { route } = useLocation();
  const link = useProjectHref();
  const [state, update] = useUrlState(SESSION_LIST_PARAMS);
  const [now, refresh] = useNow(JSON.stringify(state));
  const { from, to } = resolveRange(state, now);
  const query = {
    page: state.page,
    limit: 50,
    search: state.search,
    fromTimestamp: from,
    toTimestamp: to,
    environment: state.environment,
  };
  const res = useResource(`/api/public/sessions${toQueryString(query)}`, (signal) =>
    api.get<SessionListResponse>('/api/public/sessions', query, signal),
  );
  const sessions = res.data?.data ?? [];
  const open = useCallback(
    (i: number) => route(link(sessionHref(sessions[i]!.id, state.search))),
    [sessions, state.search, route, link],
  );
  const [active, setActive] = useListNavigation(sessions, open);
  useScrollRestore(Boolean(res.data) && !res.loading);
  const filtered = state.range !== 'all' || state.environment.length > 0 || Boolean(state.search);

  const reloadAll = () => {
    refresh();
    res.reload();
  };
  return (
    <main class="page">
      <PageHead title="Sessions" onRefresh={reloadAll} />
      <form class="filters" aria-label="Session filters" onSubmit={(e) => e.preventDefault()}>
        <SearchBox value={state.search} onCommit={(search) => update({ search })} />
        <RangeFilter value={state} onChange={(r) => update({ range: r.range, from: r.from, to: r.to })} />
        <TextFilter
          label="Environment"
          value={joinList(state.environment) || undefined}
          placeholder="any of: a, b"
          onCommit={(v) => update({ environment: splitList(v) })}
        />
      </form>
      {res.error ? (
        <ErrorState error={res.error} retry={res.reload} />
      ) : !res.data ? (
        <Loading what="sessions" />
      ) : isPastTheEnd(res.data.meta, sessions.length) ? (
        <>
          <PastTheEnd meta={res.data.meta} noun="session" onPage={(page) => update({ page })} />
          <Pagination meta={res.data.meta} noun="session" onPage={(page) => update({ page })} />
        </>
      ) : sessions.length === 0 ? (
        <EmptyState title={filtered ? 'No sessions match these filters' : 'No sessions yet'}>
          <p>
            {filtered
              ? 'Widen the time range or clear the search or the environment filter.'
              : 'A session groups the traces that carry the same session id (session_id in a batch, session.id in OTLP).'}
          </p>
        </EmptyState>
      ) : (
        <div class={res.loading ? 'stale' : undefined}>
          <div class="table-wrap">
            <table class="list">
              <thead>
                <tr>
                  <th>Session</th>
                  <th class="time">Created</th>
                  <th>Environment</th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((s, i) => (
                  <tr
                    key={s.id}
                    data-row-index={i}
                    class={i === active ? 'active' : undefined}
                    aria-selected={i === active}
                    onClick={(e) => {
                      if ((e.target as HTMLElement).closest('a')) return;
                      setActive(i);
                      open(i);
                    }}
                  >
                    <td class="mono">
                      <a href={link(sessionHref(s.id, state.search))}>{s.id}</a>
                    </td>
                    <td class="time">{formatTime(s.createdAt)}</td>
                    <td>{s.environment ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination meta={res.data.meta} noun="session" onPage={(page) => update({ page })} />
        </div>
      )}
    </main>
  );
}
