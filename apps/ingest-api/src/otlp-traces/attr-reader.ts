import type { Attributes, AttrValue } from '../otlp/values.ts';

/**
 * The attribute namespaces the conventions read, each a bit: `has` is asked for every span, so
 * the namespaces present are found once, without cutting a string per key.
 */
const NAMESPACES = [
  'langfuse',
  'user',
  'session',
  'gen_ai',
  'ai',
  'openinference',
  'llm',
  'input',
  'output',
  'tag',
  'metadata',
  'traceloop',
  'mlflow',
  'tool_arguments',
  'tool_response',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const BIT = Object.fromEntries(NAMESPACES.map((ns, i) => [ns, 1 << i])) as Record<Namespace, number>;

/** Candidates by first character, so most keys are compared with one namespace or none. */
const BY_FIRST_CHAR = new Map<number, Namespace[]>();
for (const ns of NAMESPACES) {
  const list = BY_FIRST_CHAR.get(ns.charCodeAt(0)) ?? [];
  list.push(ns);
  BY_FIRST_CHAR.set(ns.charCodeAt(0), list);
}

/** The bit of the known namespace `key` is in (`ns` itself or `ns.<rest>`), 0 for none. */
function namespaceBit(key: string): number {
  const candidates = BY_FIRST_CHAR.get(key.charCodeAt(0));
  if (!candidates) return 0;
  for (const ns of candidates) {
    if (key.startsWith(ns) && (key.length === ns.length || key.charCodeAt(ns.length) === 46) /* . */) return BIT[ns];
  }
  return 0;
}

/** Whether `value` has no own enumerable key (without listing them). */
export function isEmpty(value: object): boolean {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** Sets `out[key]`; a key named __proto__ is data, not the object's prototype. */
export function setData(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/**
 * Reads span attributes and remembers which it read: the conventions take what they understand,
 * and whatever no convention took goes into the observation's metadata (`rest`).
 */
export class AttributeReader {
  private readonly consumed = new Set<string>();
  private readonly keys: string[];
  private readonly namespaces: number;

  constructor(readonly attributes: Attributes) {
    this.keys = Object.keys(attributes);
    let mask = 0;
    for (let i = 0; i < this.keys.length; i++) mask |= namespaceBit(this.keys[i]!);
    this.namespaces = mask;
  }

  /** Whether any attribute key starts with `<namespace>.` (or is `namespace`): a cheap skip. */
  has(...namespaces: Namespace[]): boolean {
    for (const ns of namespaces) if (this.namespaces & BIT[ns]) return true;
    return false;
  }

  /** The value (any type), now consumed; undefined when absent or null. */
  take(key: string): AttrValue | undefined {
    const value = this.attributes[key];
    if (value === undefined) return undefined;
    this.consumed.add(key);
    return value === null ? undefined : value;
  }

  /** A non-empty string (numbers and booleans as text), now consumed. */
  string(key: string): string | undefined {
    const value = this.take(key);
    if (typeof value === 'string') return value === '' ? undefined : value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return undefined;
  }

  /** A finite number (numeric strings too), now consumed. */
  number(key: string): number | undefined {
    const value = this.take(key);
    const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
  }

  /** The first of `keys` that holds a non-empty string. Every key is consumed. */
  firstString(...keys: string[]): string | undefined {
    let found: string | undefined;
    for (const key of keys) {
      const value = this.string(key);
      found ??= value;
    }
    return found;
  }

  /** The first of `keys` that holds a value of any type. Every key is consumed. */
  firstValue(...keys: string[]): AttrValue | undefined {
    let found: AttrValue | undefined;
    for (const key of keys) {
      const value = this.take(key);
      found ??= value;
    }
    return found;
  }

  /** The first of `keys` that holds a number. Every key is consumed. */
  firstNumber(...keys: string[]): number | undefined {
    let found: number | undefined;
    for (const key of keys) {
      const value = this.number(key);
      found ??= value;
    }
    return found;
  }

  /**
   * Every `<prefix><rest>` attribute as `{rest: value}`, now consumed (prefix includes its dot);
   * undefined when there is none, so callers allocate nothing for the common case.
   */
  prefixed(prefix: string): Record<string, AttrValue> | undefined {
    let out: Record<string, AttrValue> | undefined;
    for (const key of this.keys) {
      if (key.length > prefix.length && key.startsWith(prefix)) {
        this.consumed.add(key);
        out ??= {};
        setData(out, key.slice(prefix.length), this.attributes[key]!);
      }
    }
    return out;
  }

  /** The attributes no convention took; undefined when every one was taken. */
  rest(): Attributes | undefined {
    if (this.consumed.size === this.keys.length) return undefined;
    let out: Attributes | undefined;
    for (const key of this.keys) {
      if (this.consumed.has(key)) continue;
      out ??= {};
      setData(out, key, this.attributes[key]!);
    }
    return out;
  }
}
