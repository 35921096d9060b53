/**
 * Wire types the UI reads. The stable ones come from @spanhouse/schema (type-only imports: no
 * validation code in the bundle). Fields the service adds for Langfuse compatibility (levels,
 * model parameters, usage and cost details, scores, sessions) are optional here, so the UI shows
 * them where present and leaves them out where a server does not send them.
 */
import type {
  DailyRecord,
  DailyResponse,
  MetricLabelsResponse,
  MetricSeries,
  MetricsQueryResponse,
  ObservationOutput,
  PaginationMeta,
  TraceDetail,
  TraceListItem,
  TraceListResponse,
} from '@spanhouse/schema';

export type {
  DailyRecord,
  DailyResponse,
  MetricLabelsResponse,
  MetricSeries,
  MetricsQueryResponse,
  PaginationMeta,
  TraceListItem,
  TraceListResponse,
};

/** GET /api/public/metrics/names. */
export type MetricNamesResponse = { data: string[] };

export type Level = 'DEBUG' | 'DEFAULT' | 'WARNING' | 'ERROR';

/** A score (Langfuse's v1 shape): on the trace when observationId is null, else on one observation. */
export type Score = {
  id: string;
  name: string;
  value?: number | null;
  stringValue?: string | null;
  dataType?: 'NUMERIC' | 'BOOLEAN' | 'CATEGORICAL' | string;
  source?: string;
  comment?: string | null;
  timestamp?: string;
  observationId?: string | null;
};

export type Observation = ObservationOutput & {
  level?: Level | string;
  statusMessage?: string | null;
  modelParameters?: Record<string, unknown> | null;
  usageDetails?: Record<string, number> | null;
  costDetails?: Record<string, number> | null;
  completionStartTime?: string | null;
};

export type Trace = Omit<TraceDetail, 'observations' | 'scores'> & {
  observations: Observation[];
  scores: unknown[];
};

/** GET /api/public/sessions. */
export type SessionListItem = { id: string; createdAt: string; projectId?: string; environment?: string };
export type SessionListResponse = { data: SessionListItem[]; meta: PaginationMeta };

/** A trace as a session lists it (core fields; no metrics). */
export type SessionTrace = {
  id: string;
  timestamp: string;
  name?: string | null;
  userId?: string | null;
  input?: unknown;
  output?: unknown;
  tags?: string[];
  environment?: string;
};
/** GET /api/public/sessions/:id. */
export type SessionDetail = SessionListItem & { traces: SessionTrace[] };
