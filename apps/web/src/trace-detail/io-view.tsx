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

/** Both of a trace's or an observation's input and output, or a line saying it has neither. */
export function InputOutput(props: { input: unknown; output: unknown }) {
  const none = (x: unknown) => x === null || x === undefined;
  if (none(props.input) && none(props.output)) return <p class="muted io-none">No input or output.</p>;
  return (
    <>
      <IoView title="Input" value={props.input} />
      <IoView title="Output" value={props.output} />
    </>
  );
}
