import { LongText } from './long-text.tsx';

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
 * A value as text or indented JSON, with the current search's terms marked (the search that led
 * to the page, none elsewhere) and a long one cut (LongText), as a conversation's text is: the
 * search reads input, output and metadata as JSON text, so a term inside a JSON value or key is
 * marked there.
 */
export function JsonView(props: { value: unknown }) {
  return (
    <div class="json-view">
      <LongText as="pre" class={typeof props.value === 'string' ? 'text' : 'json'} text={formatValue(props.value)} />
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
