import type { ObservationType } from '@spanhouse/schema';

/**
 * The normalized form every trace source maps into (batch JSON, OTLP): one piece of a trace and
 * the observations that came with it. Times are microseconds since the epoch.
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
};

export type TokenUsage = { input?: number; output?: number; total?: number };
export type CostUsd = { input?: number; output?: number; total?: number };

export type ObservationRecord = {
  id: string;
  traceId: string;
  type: ObservationType;
  name?: string;
  startUs: number;
  endUs?: number;
  parentId?: string | null;
  model?: string;
  environment?: string;
  input?: unknown;
  output?: unknown;
  metadata?: Record<string, unknown>;
  usage?: TokenUsage;
  /** Cost the client sent; when absent the price table decides. */
  cost?: CostUsd;
};
