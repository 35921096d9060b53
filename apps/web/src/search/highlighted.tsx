import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { matchRanges } from './highlight.ts';

/** The patterns of the terms to mark in the texts below (the search that led to this page; highlightTerms). */
export const SearchTerms = createContext<readonly RegExp[]>([]);

/** A text with the current search's terms marked. */
export function Highlighted(props: { text: string }) {
  const terms = useContext(SearchTerms);
  const ranges = matchRanges(props.text, terms);
  if (ranges.length === 0) return <>{props.text}</>;
  const out = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) out.push(props.text.slice(at, start));
    out.push(<mark key={start}>{props.text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < props.text.length) out.push(props.text.slice(at));
  return <>{out}</>;
}
