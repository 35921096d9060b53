import { describe, expect, it } from 'vitest';
import { nextIndex } from '../src/lib/list-navigation.ts';
import { scrollToShow, visibleRange } from '../src/lib/visible-range.ts';

describe('nextIndex', () => {
  it('moves with j/k and the arrows, within bounds', () => {
    expect(nextIndex(-1, 'j', 5)).toBe(0);
    expect(nextIndex(0, 'j', 5)).toBe(1);
    expect(nextIndex(4, 'ArrowDown', 5)).toBe(4);
    expect(nextIndex(2, 'k', 5)).toBe(1);
    expect(nextIndex(0, 'ArrowUp', 5)).toBe(0);
    expect(nextIndex(2, 'End', 5)).toBe(4);
    expect(nextIndex(3, 'Home', 5)).toBe(0);
    expect(nextIndex(1, 'PageDown', 50)).toBe(11);
  });

  it('ignores other keys and empty lists', () => {
    expect(nextIndex(1, 'x', 5)).toBeNull();
    expect(nextIndex(-1, 'j', 0)).toBeNull();
  });
});

describe('visibleRange', () => {
  it('renders the rows in view plus the overscan', () => {
    expect(visibleRange(0, 280, 28, 500, 5)).toEqual({ start: 0, end: 16 });
    expect(visibleRange(2800, 280, 28, 500, 5)).toEqual({ start: 95, end: 116 });
    expect(visibleRange(28 * 498, 280, 28, 500, 5)).toEqual({ start: 493, end: 500 });
  });

  it('stays in bounds for empty lists and odd scroll positions', () => {
    expect(visibleRange(0, 280, 28, 0)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(-50, 280, 28, 3)).toEqual({ start: 0, end: 3 });
  });

  it('scrollToShow brings a row into view only when it is out of it', () => {
    expect(scrollToShow(5, 0, 280, 28)).toBeNull();
    expect(scrollToShow(20, 0, 280, 28)).toBe(21 * 28 - 280);
    expect(scrollToShow(2, 280, 280, 28)).toBe(56);
  });
});
