import { formatValue } from '../components/json-view.tsx';
import { LongText } from '../components/long-text.tsx';
import type { ChatMessage, ChatPart } from './messages.ts';

/** A conversation: one block per message, labelled by role, tool calls and results set apart. */
export function ChatView(props: { messages: ChatMessage[]; label?: string }) {
  return (
    <ol class="chat" aria-label={props.label}>
      {props.messages.map((m, i) => (
        <li key={i} class={`message role-${roleClass(m.role)}`}>
          <div class="role">
            {m.role}
            {m.name ? <span class="muted"> · {m.name}</span> : null}
          </div>
          {m.parts.length === 0 ? <p class="muted">(empty)</p> : m.parts.map((p, j) => <Part key={j} part={p} />)}
        </li>
      ))}
    </ol>
  );
}

/** Known roles get their own colour; anything else is shown as "other". */
function roleClass(role: string): string {
  return ['system', 'developer', 'user', 'assistant', 'tool', 'function', 'model'].includes(role) ? role : 'other';
}

function Part(props: { part: ChatPart }) {
  const p = props.part;
  switch (p.kind) {
    case 'text':
      return <LongText class="text" text={p.text} />;
    case 'reasoning':
      return (
        <details class="reasoning">
          <summary>Reasoning</summary>
          <LongText class="text" text={p.text} />
        </details>
      );
    case 'image':
      return (
        <p class="image muted">
          [image: <span class="mono">{p.source.length > 120 ? `${p.source.slice(0, 120)}…` : p.source}</span>]
        </p>
      );
    case 'tool-call':
      return (
        <div class="tool-call">
          <div class="tool-head">
            Tool call <strong>{p.name}</strong>
            {p.id && <span class="muted mono"> {p.id}</span>}
          </div>
          <LongText as="pre" class="json" text={formatValue(p.arguments)} />
        </div>
      );
    case 'tool-result':
      return (
        <div class="tool-result">
          <div class="tool-head">Tool result{p.id && <span class="muted mono"> {p.id}</span>}</div>
          <LongText as="pre" class={typeof p.content === 'string' ? 'text' : 'json'} text={formatValue(p.content)} />
        </div>
      );
    default:
      return <LongText as="pre" class="json" text={formatValue(p.value)} />;
  }
}
