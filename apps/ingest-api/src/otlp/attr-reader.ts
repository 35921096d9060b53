import type { Attributes, AttrValue } from './values.ts';

/**
 * Reads span attributes and remembers which it read: the conventions take what they understand,
 * and whatever no convention took goes into the observation's metadata (`rest`).
 */
export class AttributeReader {
  private readonly consumed = new Set<string>();
  private readonly keys: string[];
  private readonly namespaces = new Set<string>();

  constructor(readonly attributes: Attributes) {
    this.keys = Object.keys(attributes);
    for (const key of this.keys) {
      const dot = key.indexOf('.');
      this.namespaces.add(dot < 0 ? key : key.slice(0, dot));
    }
  }

  /** Whether any attribute key starts with `<namespace>.` (or is `namespace`): a cheap skip. */
  has(...namespaces: string[]): boolean {
    return namespaces.some((ns) => this.namespaces.has(ns));
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

  /** Every `<prefix><rest>` attribute as `{rest: value}`, now consumed (prefix includes its dot). */
  prefixed(prefix: string): Record<string, AttrValue> {
    const out: Record<string, AttrValue> = {};
    for (const key of this.keys) {
      if (key.length > prefix.length && key.startsWith(prefix)) {
        this.consumed.add(key);
        out[key.slice(prefix.length)] = this.attributes[key]!;
      }
    }
    return out;
  }

  /** The attributes no convention took. */
  rest(): Attributes {
    const out: Attributes = {};
    for (const key of this.keys) if (!this.consumed.has(key)) out[key] = this.attributes[key]!;
    return out;
  }
}
