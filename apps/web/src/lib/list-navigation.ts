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

/** True when a key press belongs to a form control (typing a filter must not move the list). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'].includes(target.tagName);
}

/**
 * Keyboard navigation of a list page: moves the active row with nextIndex and opens it on
 * Enter. Listens on the window, ignoring keys typed into form controls or with modifiers. The
 * listener reads the latest row and count from a ref, so keys pressed faster than the page
 * re-renders (j then Enter at once) still act on the row they follow.
 */
export function useListNavigation(count: number, onOpen: (index: number) => void): [number, (i: number) => void] {
  const [active, setActiveState] = useState(-1);
  const latest = useRef({ active, count, onOpen });
  latest.current.count = count;
  latest.current.onOpen = onOpen;
  const setActive = (i: number) => {
    latest.current.active = i;
    setActiveState(i);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || isTypingTarget(e.target)) return;
      const { count: n, onOpen: open } = latest.current;
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
      latest.current.active = next;
      setActiveState(next);
      document.querySelector(`[data-row-index="${next}"]`)?.scrollIntoView({ block: 'nearest' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return [Math.min(active, count - 1), setActive];
}
