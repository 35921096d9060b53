/**
 * Recognises chat messages in an observation's input or output and brings the shapes LLM APIs
 * use to one form the conversation view renders:
 *   - OpenAI chat: `[{role, content, name?, tool_calls?, tool_call_id?}]`, content a string or
 *     parts (text, image_url); `{messages: [...]}` (a request body); `{choices: [{message}]}`
 *     (a response); the legacy `function_call`;
 *   - Anthropic: content blocks (text, image, tool_use, tool_result, thinking), `{system,
 *     messages}` requests and `{type: "message", role, content}` responses;
 *   - OpenTelemetry GenAI: `[{role, parts: [{type: "text" | "tool_call" | "tool_call_response" |
 *     "reasoning", ...}]}]`;
 *   - a single message object (`{role, content}`).
 * Anything else is not a conversation (null) and is shown as formatted JSON.
 */
export type ChatPart =
  | { kind: 'text'; text: string }
  | { kind: 'image'; source: string }
  | { kind: 'tool-call'; id?: string; name: string; arguments: unknown }
  | { kind: 'tool-result'; id?: string; content: unknown }
  | { kind: 'reasoning'; text: string }
  | { kind: 'other'; value: unknown };

export type ChatMessage = { role: string; name?: string; parts: ChatPart[] };

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);

/** An object that reads as one chat message. */
export function isMessageLike(x: unknown): x is Obj {
  return (
    isObj(x) &&
    typeof x.role === 'string' &&
    x.role.length > 0 &&
    ('content' in x || 'parts' in x || 'tool_calls' in x || 'function_call' in x)
  );
}

export function toChatMessages(value: unknown): ChatMessage[] | null {
  if (Array.isArray(value)) {
    return value.length > 0 && value.every(isMessageLike) ? value.map(toMessage) : null;
  }
  if (!isObj(value)) return null;
  if (Array.isArray(value.messages) && value.messages.length > 0 && value.messages.every(isMessageLike)) {
    const system = systemMessage(value.system);
    return [...(system ? [system] : []), ...value.messages.map(toMessage)];
  }
  if (Array.isArray(value.choices) && value.choices.length > 0) {
    const messages = value.choices.map((c) => (isObj(c) ? c.message : undefined));
    if (messages.every(isMessageLike)) return messages.map(toMessage);
  }
  if (isMessageLike(value)) return [toMessage(value)];
  return null;
}

/** Anthropic's top-level `system`: a string or text blocks. */
function systemMessage(system: unknown): ChatMessage | null {
  if (typeof system === 'string' && system) return { role: 'system', parts: [{ kind: 'text', text: system }] };
  if (Array.isArray(system) && system.length) return { role: 'system', parts: system.map(toPart) };
  return null;
}

function toMessage(m: Obj): ChatMessage {
  const role = m.role as string;
  const parts: ChatPart[] = [];
  const toolCallId = str(m.tool_call_id);
  if ((role === 'tool' || role === 'function') && typeof m.content === 'string') {
    parts.push({ kind: 'tool-result', id: toolCallId, content: parseJsonString(m.content) });
  } else {
    parts.push(...contentParts(m.content));
  }
  if (Array.isArray(m.parts)) parts.push(...m.parts.map(toPart));
  if (Array.isArray(m.tool_calls)) parts.push(...m.tool_calls.map(toolCallPart));
  if (isObj(m.function_call)) parts.push(toolCallPart({ function: m.function_call }));
  const name = str(m.name);
  return name ? { role, name, parts } : { role, parts };
}

function contentParts(content: unknown): ChatPart[] {
  if (content === null || content === undefined || content === '') return [];
  if (typeof content === 'string') return [{ kind: 'text', text: content }];
  if (Array.isArray(content)) return content.map(toPart);
  return [toPart(content)];
}

/** One content block or GenAI part. */
function toPart(block: unknown): ChatPart {
  if (typeof block === 'string') return { kind: 'text', text: block };
  if (!isObj(block)) return { kind: 'other', value: block };
  switch (block.type) {
    case 'text':
    case 'input_text':
    case 'output_text': {
      const text = str(block.text) ?? str(block.content);
      return text !== undefined ? { kind: 'text', text } : { kind: 'other', value: block };
    }
    case 'image_url':
    case 'input_image': {
      const url = isObj(block.image_url) ? str(block.image_url.url) : str(block.image_url);
      return { kind: 'image', source: url ?? 'image' };
    }
    case 'image': {
      const src = isObj(block.source) ? block.source : {};
      return {
        kind: 'image',
        source: str(src.url) ?? `${str(src.media_type) ?? 'image'} (${str(src.type) ?? 'inline'})`,
      };
    }
    case 'tool_use':
      return { kind: 'tool-call', id: str(block.id), name: str(block.name) ?? '?', arguments: block.input };
    case 'tool_call':
      return {
        kind: 'tool-call',
        id: str(block.id),
        name: str(block.name) ?? '?',
        arguments: parseJsonString(block.arguments),
      };
    case 'tool_result':
      return { kind: 'tool-result', id: str(block.tool_use_id), content: blockText(block.content) };
    case 'tool_call_response':
      return { kind: 'tool-result', id: str(block.id), content: block.response ?? block.result };
    case 'thinking':
      return { kind: 'reasoning', text: str(block.thinking) ?? '' };
    case 'reasoning':
      return { kind: 'reasoning', text: str(block.content) ?? str(block.text) ?? '' };
    default:
      return { kind: 'other', value: block };
  }
}

/** An OpenAI tool call `{id, function: {name, arguments}}` (arguments as a JSON string). */
function toolCallPart(call: unknown): ChatPart {
  const c = isObj(call) ? call : {};
  const fn = isObj(c.function) ? c.function : c;
  return { kind: 'tool-call', id: str(c.id), name: str(fn.name) ?? '?', arguments: parseJsonString(fn.arguments) };
}

/** A tool result's content: text blocks joined, other values kept. */
function blockText(content: unknown): unknown {
  if (Array.isArray(content) && content.every((b) => isObj(b) && b.type === 'text' && typeof b.text === 'string')) {
    return content.map((b) => (b as Obj).text).join('\n');
  }
  return content;
}

/** Arguments sent as JSON text are shown as the value they encode. */
function parseJsonString(x: unknown): unknown {
  if (typeof x !== 'string') return x;
  const t = x.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return x;
  try {
    return JSON.parse(t);
  } catch {
    return x;
  }
}

/** The text of a message's text parts, or a summary of its tool calls. */
export function messageText(m: ChatMessage): string {
  const text = m.parts
    .filter((p): p is { kind: 'text'; text: string } => p.kind === 'text')
    .map((p) => p.text)
    .join(' ');
  if (text) return text;
  const calls = m.parts.filter((p) => p.kind === 'tool-call').map((p) => `${p.name}()`);
  return calls.length ? `→ ${calls.join(', ')}` : '';
}

/**
 * One line for a list cell: for an input the last user message, for an output the last message;
 * a string as is; anything else as compact JSON.
 */
export function previewOf(value: unknown, side: 'input' | 'output'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  const messages = toChatMessages(value);
  if (messages) {
    const pick = side === 'input' ? (messages.findLast((m) => m.role === 'user') ?? messages.at(-1)) : messages.at(-1);
    const text = pick ? messageText(pick) : '';
    if (text) return text;
  }
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
