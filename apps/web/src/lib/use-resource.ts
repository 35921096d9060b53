import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export type Resource<T> = { data?: T; error?: Error; loading: boolean; reload: () => void };

/**
 * Loads data for a key (usually the request's URL): reloads when the key changes, aborts the
 * request it no longer needs, and keeps the previous data on screen while the next loads, so
 * paging and filtering do not flash an empty page. A null key loads nothing. `loading` is true
 * from the first render with a new key: the data shown then is the key's before, and a page that
 * acts once its rows are loaded (a list bringing its scroll back) must not act on them.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ key: string | null; data?: T; error?: Error; loading: boolean }>({
    key,
    loading: key !== null,
  });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) {
      setState({ key, loading: false });
      return;
    }
    const ctrl = new AbortController();
    setState((s) => ({ key, data: s.data, loading: true }));
    loadRef.current(ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) setState({ key, data, loading: false });
      },
      (error: Error) => {
        if (!ctrl.signal.aborted) setState({ key, error, loading: false });
      },
    );
    return () => ctrl.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  // The render in which the key changed comes before the effect that starts its load.
  const loading = state.loading || state.key !== key;
  return { data: state.data, error: state.error, loading, reload };
}
