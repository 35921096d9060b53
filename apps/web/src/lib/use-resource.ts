import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export type Resource<T> = { data?: T; error?: Error; loading: boolean; reload: () => void };

/**
 * Loads data for a key (usually the request's URL): reloads when the key changes, aborts the
 * request it no longer needs, and keeps the previous data on screen while the next loads, so
 * paging and filtering do not flash an empty page. A null key loads nothing.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: key !== null });
  const [generation, setGeneration] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (key === null) {
      setState({ loading: false });
      return;
    }
    const ctrl = new AbortController();
    setState((s) => ({ data: s.data, loading: true }));
    loadRef.current(ctrl.signal).then(
      (data) => {
        if (!ctrl.signal.aborted) setState({ data, loading: false });
      },
      (error: Error) => {
        if (!ctrl.signal.aborted) setState({ error, loading: false });
      },
    );
    return () => ctrl.abort();
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { ...state, reload };
}
