import { useCallback, useMemo, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { PROJECT_PARAM, withProject } from './project-url.ts';
import { decodeState, encodeState, type Spec, type StateOf } from './url-state.ts';

/**
 * A page's state read from and written to its URL. `update` pushes a history entry (Back undoes
 * a filter) unless told to replace the current one; any change but a page turn goes back to page 1 when the spec has a `page`.
 * The URL's project is kept: it is the shell's, not the page's.
 */
export function useUrlState<S extends Spec>(
  spec: S,
): [StateOf<S>, (patch: Partial<StateOf<S>>, opts?: { replace?: boolean }) => void] {
  const { query, path, route } = useLocation();
  const queryKey = JSON.stringify(query);
  // Keyed by the query's text: useLocation gives a new object on every render.
  const state = useMemo(() => decodeState(spec, query), [spec, queryKey]);
  const project = query[PROJECT_PARAM];
  const update = useCallback(
    (patch: Partial<StateOf<S>>, opts: { replace?: boolean } = {}) => {
      const next: Partial<StateOf<S>> = { ...state, ...patch };
      if ('page' in spec && !('page' in patch)) (next as Record<string, unknown>).page = 1;
      route(withProject(`${path}${encodeState(spec, next)}`, project), opts.replace);
    },
    [spec, state, path, route, project],
  );
  return [state, update];
}

/**
 * A "now" that stays fixed while `key` (the page's URL) is unchanged, so relative ranges ("last
 * hour") resolve once per view and the request does not change on every render; `refresh` moves
 * it to the present.
 */
export function useNow(key: string): [number, () => void] {
  const [tick, setTick] = useState(0);
  const now = useMemo(() => Date.now(), [key, tick]);
  const refresh = useCallback(() => setTick((t) => t + 1), []);
  return [now, refresh];
}
