import { ChatView } from '../chat/chat-view.tsx';
import { toChatMessages } from '../chat/messages.ts';
import { JsonView } from '../components/json-view.tsx';

/** An input or output: a conversation when it holds chat messages, else text or formatted JSON. */
export function IoView(props: { title: string; value: unknown }) {
  if (props.value === null || props.value === undefined) return null;
  const messages = toChatMessages(props.value);
  return (
    <section class="io" aria-label={props.title}>
      <h3>{props.title}</h3>
      {messages ? <ChatView messages={messages} label={props.title} /> : <JsonView value={props.value} />}
    </section>
  );
}
