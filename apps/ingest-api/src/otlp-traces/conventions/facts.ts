import { OBSERVATION_TYPES, type ObservationType } from '@spanhouse/schema';
import type { CostDetails, ObservationLevel, TracePiece, UsageDetails } from '../../traces/model.ts';
import { setData } from '../attr-reader.ts';

/** Trace fields a span can carry (they merge into its trace by the storage merge rule). */
export type TraceFacts = Omit<TracePiece, 'id' | 'timestampUs'>;

/** The single-valued trace fields (tags and metadata merge instead). */
export const TRACE_SCALARS = [
  'name',
  'userId',
  'sessionId',
  'release',
  'version',
  'environment',
  'input',
  'output',
] as const satisfies readonly (keyof TraceFacts)[];

/** What one attribute convention learned from a span; each field absent when it says nothing. */
export type SpanFacts = {
  type?: ObservationType;
  model?: string;
  input?: unknown;
  output?: unknown;
  usage?: UsageDetails;
  cost?: CostDetails;
  /** The observation's metadata (the user's own keys). */
  metadata?: Record<string, unknown>;
  level?: ObservationLevel;
  statusMessage?: string;
  /** A JSON object, or the value as sent when it is none (or too deep to parse). */
  modelParameters?: unknown;
  completionStartUs?: number;
  /** Microseconds from the span's start to the first chunk of a streamed response (its completion start). */
  timeToFirstChunkUs?: number;
  promptName?: string;
  promptVersion?: number;
  environment?: string;
  trace?: TraceFacts;
};

const LEVELS = new Set(['DEBUG', 'DEFAULT', 'WARNING', 'ERROR']);

/** A level in any case as ours; undefined when it is not one of Langfuse's four. */
export function observationLevel(value: string | undefined): ObservationLevel | undefined {
  const upper = value?.trim().toUpperCase();
  return upper && LEVELS.has(upper) ? (upper as ObservationLevel) : undefined;
}

/** The spellings senders use (`generation`, `GENERATION`), looked up before any string work. */
const TYPE_SPELLINGS = new Map<string, ObservationType>(
  OBSERVATION_TYPES.flatMap((t) => [
    [t, t],
    [t.toLowerCase(), t],
  ]),
);

/** A type name in any case (`generation`, `GENERATION`) as ours; undefined when unknown. */
export function observationType(value: string | undefined): ObservationType | undefined {
  if (!value) return undefined;
  const known = TYPE_SPELLINGS.get(value);
  if (known) return known;
  const upper = value.trim().toUpperCase();
  return (OBSERVATION_TYPES as readonly string[]).includes(upper) ? (upper as ObservationType) : undefined;
}

/**
 * A copy without undefined fields, so `{...a, ...b}` and emptiness checks behave. Copies rather
 * than `delete`s: deleting turns an object into a slow dictionary, and this runs per span.
 */
export function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const key in value) if (value[key] !== undefined) setData(out, key, value[key]);
  return out as T;
}
