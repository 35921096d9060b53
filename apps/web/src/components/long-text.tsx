import { useContext, useState } from 'preact/hooks';
import { formatCount } from '../lib/format.ts';
import { matchRanges } from '../search/highlight.ts';
import { Highlighted, SearchTerms } from '../search/highlighted.tsx';

/** Past this many characters a text is cut until asked for (a 5 MB prompt must not stall the page). */
export const SHOW_AT_ONCE = 20_000;

/**
 * A text (a message, a value as JSON) in a `p` or `pre`, with the current search's terms marked;
 * past SHOW_AT_ONCE characters only its start until "Show all" is pressed, which says how many
 * marked terms the rest holds.
 */
export function LongText(props: { text: string; as?: 'p' | 'pre'; class?: string }) {
  const [all, setAll] = useState(false);
  const terms = useContext(SearchTerms);
  const Tag = props.as ?? 'p';
  const cut = !all && props.text.length > SHOW_AT_ONCE;
  const shown = cut ? `${props.text.slice(0, SHOW_AT_ONCE)}…` : props.text;
  const hiddenMarks =
    cut && terms.length > 0 ? matchRanges(props.text, terms).length - matchRanges(shown, terms).length : 0;
  return (
    <>
      <Tag class={props.class}>
        <Highlighted text={shown} />
      </Tag>
      {cut && (
        <button type="button" class="link show-all" onClick={() => setAll(true)}>
          Show all {formatCount(Math.round(props.text.length / 1000))} KB
          {hiddenMarks > 0 && ` (${formatCount(hiddenMarks)} more marked)`}
        </button>
      )}
    </>
  );
}
