import { OBSERVATION_TYPES, type ObservationType } from '@spanhouse/schema';
import type { CostUsd, TokenUsage } from '../../traces/model.ts';

/** Trace fields a span can carry (they merge into its trace by the storage merge rule). */
export type TraceFacts = {
  name?: string;
  userId?: string;
  sessionId?: string;
  release?: string;
  version?: string;
  environment?: string;
  tags?: string[];
  metadata?: Record<string, unknown>;
  input?: unknown;
  output?: unknown;
};

/** What one attribute convention learned from a span; each field absent when it says nothing. */
export type SpanFacts = {
  type?: ObservationType;
  model?: string;
  input?: unknown;
  output?: unknown;
  usage?: TokenUsage;
  cost?: CostUsd;
  /** Named observation metadata keys (level, modelParameters, the user's own metadata, ...). */
  metadata?: Record<string, unknown>;
  environment?: string;
  trace?: TraceFacts;
};

/** A type name in any case (`generation`, `GENERATION`) as ours; undefined when unknown. */
export function observationType(value: string | undefined): ObservationType | undefined {
  if (!value) return undefined;
  const upper = value.trim().toUpperCase();
  return (OBSERVATION_TYPES as readonly string[]).includes(upper) ? (upper as ObservationType) : undefined;
}

/** Drops undefined fields, so `{...a, ...b}` and emptiness checks behave. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  for (const key of Object.keys(value)) if (value[key] === undefined) delete value[key];
  return value;
}
