import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useApi } from '../auth/session.tsx';
import { useTraceListHref } from '../lib/project-url.ts';

/**
 * Deletes the trace after a confirmation (DELETE /api/public/traces/{id}, waiting for the commit so
 * the list it returns to no longer shows it), then goes back to the trace list it came from.
 */
export function DeleteTraceButton(props: { traceId: string; name: string }) {
  const api = useApi();
  const { route } = useLocation();
  const list = useTraceListHref();
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const remove = async () => {
    const what = props.name ? `the trace "${props.name}"` : 'this trace';
    if (!window.confirm(`Delete ${what} with its observations and scores? This cannot be undone.`)) return;
    setState({ busy: true });
    try {
      await api.send('DELETE', `/api/public/traces/${encodeURIComponent(props.traceId)}?wait=commit`);
      route(list);
    } catch (err) {
      setState({ busy: false, error: (err as Error).message });
    }
  };
  return (
    <span class="delete-trace">
      <button type="button" class="danger" disabled={state.busy} onClick={remove}>
        {state.busy ? 'Deleting…' : 'Delete trace'}
      </button>
      {state.error && <span role="alert">{state.error}</span>}
    </span>
  );
}
