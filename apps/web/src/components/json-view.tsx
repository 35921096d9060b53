import { useState } from 'preact/hooks';
import { Highlighted } from '../search/highlighted.tsx';

/** Past this many characters a value is cut until asked for (a 5 MB prompt must not stall the page). */
const SHOW_AT_ONCE = 20_000;

/** Text as is, anything else as indented JSON. */
export function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A value as text or indented JSON, with the current search's terms marked (Highlighted: the
 * search that led to the page, none elsewhere), as a conversation's text is: the search reads
 * input, output and metadata as JSON text, so a term inside a JSON value or key is marked there.
 */
export function JsonView(props: { value: unknown }) {
  const [all, setAll] = useState(false);
  const text = formatValue(props.value);
  const cut = !all && text.length > SHOW_AT_ONCE;
  return (
    <div class="json-view">
      <pre class={typeof props.value === 'string' ? 'text' : 'json'}>
        <Highlighted text={cut ? `${text.slice(0, SHOW_AT_ONCE)}…` : text} />
      </pre>
      {cut && (
        <button type="button" class="link" onClick={() => setAll(true)}>
          Show all {Math.round(text.length / 1000)} KB
        </button>
      )}
    </div>
  );
}

/** Key/value pairs of a flat object as a small table (model parameters, usage, cost). */
export function KeyValues(props: { value: Record<string, unknown>; format?: (key: string, v: unknown) => string }) {
  const entries = Object.entries(props.value);
  if (!entries.length) return <p class="muted">none</p>;
  return (
    <table class="kv">
      <tbody>
        {entries.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{props.format ? props.format(k, v) : typeof v === 'object' ? JSON.stringify(v) : String(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
