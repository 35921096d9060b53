import { useEffect, useRef, useState } from 'preact/hooks';

/**
 * The row a key moves to in a list of `count` rows: j/ArrowDown and k/ArrowUp step, Home/End
 * jump, PageDown/PageUp move by `page`. null: the key is not a navigation key. From no selection
 * (-1) the first step lands on the first row.
 */
export function nextIndex(current: number, key: string, count: number, page = 10): number | null {
  if (count <= 0) return null;
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  switch (key) {
    case 'j':
    case 'ArrowDown':
      return current < 0 ? 0 : clamp(current + 1);
    case 'k':
    case 'ArrowUp':
      return current < 0 ? 0 : clamp(current - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return clamp(current + page);
    case 'PageUp':
      return clamp(current - page);
    default:
      return null;
  }
}

/**
 * True when a key press belongs to what has the focus rather than to the page's navigation: every
 * key typed into a form control (typing a filter must not move the list), and Enter or Space on a
 * focused button or link (reached with Tab, it opens itself, not the active row). Other keys on a
 * button or link (j, the arrows after clicking Expand all or a user's name) still navigate, and
 * take the focus from it (releaseFocus), so the Enter that follows opens the row they moved to.
 */
export function keyBelongsToTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return true;
  return (key === 'Enter' || key === ' ') && target.closest('a[href], button') !== null;
}

/** After a navigation key: a focused button or link no longer holds the focus (see keyBelongsToTarget). */
export function releaseFocus(target: EventTarget | null): void {
  if (target instanceof HTMLElement && target.closest('a[href], button')) target.blur();
}

/**
 * Keyboard navigation of a list page: moves the active row with nextIndex and opens it on
 * Enter. Listens on the window, ignoring keys that belong to the focused element or come with
 * modifiers. The listener reads the latest row and rows from a ref, so keys pressed faster than
 * the page re-renders (j then Enter at once) still act on the row they follow. A new list (another
 * filter, page or order) starts with no active row: the index of the old one means nothing there.
 */
export function useListNavigation(
  rows: readonly unknown[],
  onOpen: (index: number) => void,
): [number, (i: number) => void] {
  const [active, setActiveState] = useState<{ rows: readonly unknown[]; index: number }>({ rows, index: -1 });
  const latest = useRef({ rows, active: -1, onOpen });
  if (latest.current.rows !== rows) latest.current = { ...latest.current, rows, active: -1 };
  latest.current.onOpen = onOpen;
  const setActive = (i: number) => {
    latest.current.active = i;
    setActiveState({ rows: latest.current.rows, index: i });
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || keyBelongsToTarget(e.target, e.key)) return;
      const { rows: list, onOpen: open } = latest.current;
      const n = list.length;
      const current = Math.min(latest.current.active, n - 1);
      if (e.key === 'Enter') {
        if (current >= 0 && current < n) {
          e.preventDefault();
          open(current);
        }
        return;
      }
      const next = nextIndex(current, e.key, n);
      if (next === null) return;
      e.preventDefault();
      releaseFocus(e.target);
      latest.current.active = next;
      setActiveState({ rows: list, index: next });
      document.querySelector(`[data-row-index="${next}"]`)?.scrollIntoView({ block: 'nearest' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return [active.rows === rows ? Math.min(active.index, rows.length - 1) : -1, setActive];
}
