import { TextFilter } from '../components/filters.tsx';

/**
 * The search box of the lists: words and "quoted phrases", all of which must be in a trace
 * (docs/search.md). It applies on Enter or when it loses focus, as the other filters do; the
 * search goes in the URL.
 */
export function SearchBox(props: { value: string | undefined; onCommit: (value: string | undefined) => void }) {
  return (
    <TextFilter
      label="Search"
      type="search"
      class="search"
      maxLength={500}
      placeholder={'words or "a phrase" in inputs, outputs, names, metadata'}
      value={props.value}
      onCommit={props.onCommit}
    />
  );
}
