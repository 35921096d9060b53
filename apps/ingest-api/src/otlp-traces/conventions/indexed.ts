import { type AttributeReader, setData } from '../attr-reader.ts';
import { parseJsonish } from '../parse.ts';

/**
 * Flattened lists such as `gen_ai.prompt.0.role` / `gen_ai.prompt.0.content` (OpenLLMetry) or
 * `llm.input_messages.0.message.role` (OpenInference) as `[{role, content}, ...]`, in index order;
 * `inner` is a path segment between the index and the field (`message.` for OpenInference).
 * Undefined when there are none. Every such attribute is consumed.
 */
export function indexedList(r: AttributeReader, prefix: string, inner = ''): Record<string, unknown>[] | undefined {
  const items = new Map<number, Record<string, unknown>>();
  const found = r.prefixed(prefix);
  if (!found) return undefined;
  for (const [key, value] of Object.entries(found)) {
    const dot = key.indexOf('.');
    const index = Number(key.slice(0, dot));
    if (dot < 1 || !Number.isInteger(index)) continue;
    let field = key.slice(dot + 1);
    if (inner && field.startsWith(inner)) field = field.slice(inner.length);
    let item = items.get(index);
    if (!item) {
      item = {};
      items.set(index, item);
    }
    setData(item, field, field === 'content' ? value : parseJsonish(value));
  }
  if (items.size === 0) return undefined;
  return [...items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
}
