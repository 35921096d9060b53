import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { matchRanges } from './highlight.ts';

/** The patterns of the terms to mark in the texts below (the search that led to this page; highlightTerms). */
export const SearchTerms = createContext<readonly RegExp[]>([]);

/**
 * Characters per text node. Chromium lays out one long text node of mixed scripts (Cyrillic and
 * Latin, say) in pre-wrap text in time that grows with the square of its length, so a long prompt
 * froze the page; the same text as nodes of a few thousand characters takes linear time and reads
 * the same (adjacent nodes are one run of text to the line breaker).
 */
export const TEXT_NODE_CHARS = 2_000;

/**
 * `text` cut into pieces of about TEXT_NODE_CHARS, each rendered as its own text node: after a
 * space or line break near the size when there is one, never inside a surrogate pair.
 */
export function textPieces(text: string, size = TEXT_NODE_CHARS): string[] {
  if (text.length <= size) return [text];
  const pieces: string[] = [];
  let at = 0;
  while (text.length - at > size) {
    let end = at + size;
    const from = Math.max(at + 1, end - 200);
    const space = text.slice(from, end).search(/\s\S*$/);
    if (space >= 0) end = from + space + 1;
    else if (/[\uDC00-\uDFFF]/.test(text[end]!)) end -= 1;
    pieces.push(text.slice(at, end));
    at = end;
  }
  pieces.push(text.slice(at));
  return pieces;
}

/** A text with the current search's terms marked. */
export function Highlighted(props: { text: string }) {
  const terms = useContext(SearchTerms);
  const ranges = matchRanges(props.text, terms);
  if (ranges.length === 0) return <>{textPieces(props.text)}</>;
  const out = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) out.push(...textPieces(props.text.slice(at, start)));
    out.push(<mark key={start}>{props.text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < props.text.length) out.push(...textPieces(props.text.slice(at)));
  return <>{out}</>;
}
