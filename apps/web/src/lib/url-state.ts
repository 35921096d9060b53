/**
 * Page state kept in the query string, so a view can be shared and reloaded. Each page declares
 * its parameters once; `decodeState` reads a URL's query (unknown or malformed values fall back
 * to the defaults, never throw) and `encodeState` writes the state back, leaving out defaults and
 * empty values so links stay short. Lists are comma-separated, a value holding a comma in double
 * quotes (list-syntax in the schema package), as the API reads its array parameters.
 */
import { joinList, splitList } from '@spanhouse/schema';

export type ParamSpec =
  | { type: 'text' }
  | { type: 'list' }
  | { type: 'int'; default: number; min: number; max: number }
  | { type: 'choice'; values: readonly string[]; default: string };

type ValueOf<P extends ParamSpec> = P extends { type: 'text' }
  ? string | undefined
  : P extends { type: 'list' }
    ? string[]
    : P extends { type: 'int' }
      ? number
      : P extends { type: 'choice'; values: readonly (infer V)[] }
        ? V
        : never;

export type Spec = Record<string, ParamSpec>;
export type StateOf<S extends Spec> = { [K in keyof S]: ValueOf<S[K]> };

/** Helpers to declare a spec with literal types kept. */
export const param = {
  text: (): { type: 'text' } => ({ type: 'text' }),
  list: (): { type: 'list' } => ({ type: 'list' }),
  int: (dflt: number, min: number, max: number) => ({ type: 'int' as const, default: dflt, min, max }),
  choice: <V extends string>(values: readonly V[], dflt: V) => ({ type: 'choice' as const, values, default: dflt }),
};

export function decodeState<S extends Spec>(spec: S, query: Record<string, string | undefined>): StateOf<S> {
  const out: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(spec)) {
    const raw = query[key];
    switch (p.type) {
      case 'text':
        out[key] = raw?.trim() ? raw.trim() : undefined;
        break;
      case 'list':
        out[key] = splitList(raw);
        break;
      case 'int': {
        const n = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : p.default;
        out[key] = Math.min(p.max, Math.max(p.min, n));
        break;
      }
      case 'choice':
        out[key] = raw !== undefined && p.values.includes(raw) ? raw : p.default;
        break;
    }
  }
  return out as StateOf<S>;
}

/** `?a=1&b=x,y` in the spec's key order, or '' when everything is at its default. */
export function encodeState<S extends Spec>(spec: S, state: Partial<StateOf<S>>): string {
  const params = new URLSearchParams();
  for (const [key, p] of Object.entries(spec)) {
    const value = (state as Record<string, unknown>)[key];
    if (value === undefined || value === null) continue;
    if (p.type === 'list') {
      const list = (value as string[]).filter(Boolean);
      if (list.length) params.set(key, joinList(list, ','));
    } else if (p.type === 'text') {
      if (String(value).trim()) params.set(key, String(value).trim());
    } else if (value !== p.default) {
      params.set(key, String(value));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
