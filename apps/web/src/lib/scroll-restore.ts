import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { useLocation } from 'preact-iso';

type ScrollState = { scrollY?: unknown } | null;

/** The address Back or Forward last went to (this listener runs before the router's). */
let poppedTo: string | null = null;
if (typeof window !== 'undefined') addEventListener('popstate', () => (poppedTo = location.href));

/**
 * A page opened by a link, a filter or a page turn starts at its top, as a page loaded anew would:
 * the router swaps the page in place and the window kept the scroll of the one before (Next at the
 * bottom of a list showed the bottom of the next page). Back and Forward leave the scroll to the
 * browser and to the lists (useScrollRestore); so does the first render (a reload).
 */
export function useTopOnNewPage(url: string): void {
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (poppedTo !== location.href) window.scrollTo(0, 0);
    poppedTo = null;
  }, [url]);
}

/** How long the scroll must rest before its position is kept (browsers limit history writes). */
const SAVE_AFTER_MS = 150;

function keepScroll(href: string): void {
  // Only into the entry the position belongs to: a click may have pushed another one since.
  if (location.href !== href) return;
  history.replaceState({ ...((history.state as ScrollState) ?? {}), scrollY: window.scrollY }, '');
}

/**
 * Brings a list page back to where it was scrolled when the user returns to it with Back or
 * Forward, or reloads it. The browser restores the scroll itself, but before the page has loaded
 * its rows again, while it is still short, so the page landed at the top. The position is kept in
 * the history entry's state as the user scrolls (and when a click or Enter leaves the page), and
 * scrolled to once `ready`: the rows of this URL are on screen. A new visit (a link, a filter)
 * pushes an entry without state and starts at the top.
 */
export function useScrollRestore(ready: boolean): void {
  const { url } = useLocation();
  // Until this URL's rows are shown, the scroll is the browser's clamp to the page before (shorter
  // while it loads): not a position to keep.
  const shown = useRef(ready);
  shown.current = ready;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (!shown.current) return;
      const href = location.href;
      clearTimeout(timer);
      timer = setTimeout(() => shown.current && keepScroll(href), SAVE_AFTER_MS);
    };
    // Before the click or key opens another page (capture runs before the router's handler).
    const onLeave = (e: Event) => {
      if (!shown.current) return;
      if (e.type === 'click' || (e as KeyboardEvent).key === 'Enter') {
        clearTimeout(timer);
        keepScroll(location.href);
      }
    };
    addEventListener('scroll', onScroll, { passive: true });
    addEventListener('click', onLeave, true);
    addEventListener('keydown', onLeave, true);
    return () => {
      clearTimeout(timer);
      removeEventListener('scroll', onScroll);
      removeEventListener('click', onLeave, true);
      removeEventListener('keydown', onLeave, true);
    };
  }, []);
  const restored = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!ready || restored.current === url) return;
    restored.current = url;
    const y = (history.state as ScrollState)?.scrollY;
    if (typeof y === 'number' && y > 0) window.scrollTo(0, y);
  }, [ready, url]);
}
