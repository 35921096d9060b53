import { useMemo } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import type { SessionDetail } from '../api/types.ts';
import { useApi } from '../auth/session.tsx';
import { ErrorState, Loading } from '../components/states.tsx';
import { formatTime, shownId } from '../lib/format.ts';
import { useProjectHref } from '../lib/project-url.ts';
import { param } from '../lib/url-state.ts';
import { useResource } from '../lib/use-resource.ts';
import { useUrlState } from '../lib/use-url-state.ts';
import { highlightTerms } from '../search/highlight.ts';
import { SearchTerms } from '../search/highlighted.tsx';
import { InputOutput } from '../trace-detail/io-view.tsx';
import { traceHref } from '../trace-list/trace-table.tsx';

/** `?search=` (the session list's search that led here) marks its terms, and goes on to the traces. */
const SESSION_PAGE_PARAMS = { search: param.text() };

/** One session: its traces in time order, each with its input and output, as a conversation reads. */
export function SessionPage() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const api = useApi();
  const link = useProjectHref();
  const [state] = useUrlState(SESSION_PAGE_PARAMS);
  // One value per search: a new array each render would re-render every marked text below.
  const searchTerms = useMemo(() => highlightTerms(state.search), [state.search]);
  const res = useResource(`session:${id}`, (signal) =>
    api.get<SessionDetail>(`/api/public/sessions/${encodeURIComponent(id)}`, undefined, signal),
  );
  const crumbs = (
    <nav class="crumbs">
      <a href={link('/sessions')}>Sessions</a> /
    </nav>
  );
  if (res.error || !res.data || res.data.id !== id) {
    return (
      <main class="page">
        <header class="page-head">
          {crumbs}
          <h1 class="mono">{shownId(id)}</h1>
        </header>
        {res.error ? (
          <ErrorState error={res.error} retry={res.reload} title="Could not load this session" />
        ) : (
          <Loading what="the session" />
        )}
      </main>
    );
  }
  const traces = [...res.data.traces].sort((a, b) =>
    a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : 0,
  );
  return (
    <SearchTerms.Provider value={searchTerms}>
      <main class="page">
        <header class="page-head">
          {crumbs}
          <h1 class="mono">{shownId(id)}</h1>
          <span class="facts-inline">
            {traces.length} {traces.length === 1 ? 'trace' : 'traces'} · started{' '}
            {formatTime(traces[0]?.timestamp ?? res.data.createdAt)}
            {' · '}
            <a href={link(`/traces?sessionId=${encodeURIComponent(id)}`)}>in the trace list</a>
          </span>
        </header>
        {traces.length === 0 ? (
          <p class="state empty">This session has no traces.</p>
        ) : (
          <ol class="session-traces">
            {traces.map((t) => (
              <li key={t.id} class="card">
                <header>
                  <a href={link(traceHref(t.id, { search: state.search }))}>{t.name || '(unnamed)'}</a>
                  <span class="muted">
                    {formatTime(t.timestamp)}
                    {t.userId ? ` · ${t.userId}` : ''}
                  </span>
                </header>
                <InputOutput input={t.input} output={t.output} />
              </li>
            ))}
          </ol>
        )}
      </main>
    </SearchTerms.Provider>
  );
}
