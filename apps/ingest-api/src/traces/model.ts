import type { ObservationType } from '@spanhouse/schema';

/**
 * The normalized form every trace source maps into (batch JSON, OTLP, the ingestion API): one piece
 * of a trace and the observations that came with it. Times are microseconds since the epoch.
 */
export type TracePiece = {
  id: string;
  timestampUs?: number;
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
  /**
   * Values the sender implied rather than sent (an OTLP root span's name and IO for its trace's),
   * as of `atUs` (the root's start): stored at impliedVersion(atUs), so a value any piece sent wins
   * over them whichever arrives later, and of two implied ones the later. Used only where the
   * piece sends no value of its own. Without `atUs`, implied by less than a root span (the GenAI
   * log records of a span, which do not say whether it is the root): stored at WEAK_VERSION, so a
   * root span's implied value wins over it too, and it shows only where no span implied one.
   */
  implied?: { atUs?: number; name?: string; input?: unknown; output?: unknown };
};

/** Units per kind (`input`, `output`, `total`, `input_cached_tokens`, ...). */
export type UsageDetails = { [kind: string]: number | undefined };
/** USD per kind; `total`, else the sum of the others, is the observation's cost. */
export type CostDetails = { [kind: string]: number | undefined };
export type TokenUsage = { input?: number; output?: number; total?: number };
export type CostUsd = { input?: number; output?: number; total?: number };

/** An OTLP span event kept on its observation. */
export type SpanEvent = { name: string; time: string; attributes: Record<string, unknown> };

export const OBSERVATION_LEVELS = ['DEBUG', 'DEFAULT', 'WARNING', 'ERROR'] as const;
export type ObservationLevel = (typeof OBSERVATION_LEVELS)[number];

/** The fields of an observation piece that carry a version of their own (see `versions`). */
export type PieceField =
  | 'type'
  | 'name'
  | 'start'
  | 'end'
  | 'completionStart'
  | 'parent'
  | 'environment'
  | 'version'
  | 'level'
  | 'statusMessage'
  | 'model'
  | 'modelParameters'
  | 'prompt'
  | 'input'
  | 'output'
  | 'metadata'
  | 'usage'
  | 'cost'
  | 'events';

export type ObservationRecord = {
  id: string;
  traceId: string;
  type: ObservationType;
  name?: string;
  startUs: number;
  endUs?: number;
  completionStartUs?: number;
  parentId?: string | null;
  model?: string;
  modelParameters?: unknown;
  promptName?: string;
  promptVersion?: number;
  environment?: string;
  /** The observation's own version label (Langfuse `version`), not the ingest version. */
  version?: string;
  level?: ObservationLevel;
  statusMessage?: string;
  input?: unknown;
  output?: unknown;
  metadata?: Record<string, unknown>;
  usage?: UsageDetails;
  /** Cost the client sent; when absent the price table decides. */
  cost?: CostDetails;
  /**
   * The model a stored piece of this observation names, for a piece that brings a usage without a
   * model: its usage is priced at that model's prices (rows.ts). Never written as the model.
   */
  storedModel?: string;
  /**
   * The usage stored pieces of this observation carry, with its version, for a piece that names a
   * model without a usage: that usage is priced at this piece's model (rows.ts). Never written as
   * the usage.
   */
  storedUsage?: [version: number, usage: UsageDetails];
  events?: SpanEvent[];
  /**
   * Per-field versions where they differ from the piece's (an ingestion API piece that merged a
   * create and its updates; a start the sender did not give, WEAK_VERSION). Absent: all alike.
   */
  versions?: Partial<Record<PieceField, number>>;
};
