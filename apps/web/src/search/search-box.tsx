import { useEffect, useState } from 'preact/hooks';

/**
 * The search box of the lists: words and "quoted phrases", all of which must be in a trace
 * (docs/search.md). It applies on Enter or when it loses focus, as the other filters do; the
 * search goes in the URL.
 */
export function SearchBox(props: { value: string | undefined; onCommit: (value: string | undefined) => void }) {
  const [draft, setDraft] = useState(props.value ?? '');
  useEffect(() => setDraft(props.value ?? ''), [props.value]);
  const commit = () => {
    const next = draft.trim() || undefined;
    if (next !== props.value) props.onCommit(next);
  };
  return (
    <label class="filter search">
      <span>Search</span>
      <input
        type="search"
        name="search"
        value={draft}
        maxLength={500}
        placeholder={'words or "a phrase" in inputs, outputs, names, metadata'}
        onInput={(e) => setDraft(e.currentTarget.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') e.currentTarget.blur();
        }}
      />
    </label>
  );
}
