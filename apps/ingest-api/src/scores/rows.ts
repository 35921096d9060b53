import { badRequest } from '@spanhouse/http';
import { type ScoreBody, type ScoreDataType, TEXT_SCORE_MAX_LENGTH } from '@spanhouse/schema';
import { jsonText, type ScoreRow } from '@spanhouse/store';
import { normalizeEnvironment } from '../environment.ts';
import { againstConfig, type ScoreConfigsById } from './against-config.ts';

// Pure: the bench's worker threads build score rows with it, without the database package.

/** The value of a score by its dataType (Langfuse's rules); 400 naming `value` when it does not fit. */
function scoreValue(dataType: ScoreDataType, value: number | string): { value: number; stringValue: string } {
  switch (dataType) {
    case 'NUMERIC':
      if (typeof value !== 'number') throw badRequest('value: must be a number for dataType NUMERIC');
      return { value, stringValue: '' };
    case 'BOOLEAN':
      if (value !== 0 && value !== 1) throw badRequest('value: must be 0 or 1 for dataType BOOLEAN');
      return { value, stringValue: value === 1 ? 'True' : 'False' };
    case 'CATEGORICAL':
      if (typeof value !== 'string') throw badRequest('value: must be a string for dataType CATEGORICAL');
      return { value: 0, stringValue: value };
    case 'TEXT':
      if (typeof value !== 'string' || value.length < 1 || value.length > TEXT_SCORE_MAX_LENGTH) {
        throw badRequest(`value: must be a string of 1 to ${TEXT_SCORE_MAX_LENGTH} characters for dataType TEXT`);
      }
      return { value: 0, stringValue: value };
  }
}

/**
 * A validated score body to its row. A score that names a config (`configId`) is checked against it
 * (`configs`: the project's configs its request names; againstConfig) and takes its name and data
 * type; without one, dataType defaults by the value (a number NUMERIC, a string CATEGORICAL), as
 * Langfuse infers it. A score belongs to exactly one of a trace (optionally one of its
 * observations), a session or a dataset run. `id` and `timestampUs` are decided by the caller (the
 * event's or a new one); `version` orders re-sends and deletes.
 */
export function scoreRowOf(
  body: ScoreBody,
  at: { project: string; id: string; timestampUs: number; version: number; nowUs: number },
  configs: ScoreConfigsById = new Map(),
): ScoreRow {
  const refs = [body.traceId, body.sessionId, body.datasetRunId].filter(Boolean).length;
  if (refs !== 1 || (body.observationId && !body.traceId)) {
    throw badRequest(
      'traceId: provide exactly one of traceId (with an optional observationId), sessionId or datasetRunId',
    );
  }
  const configured = body.configId ? againstConfig(body, body.configId, configs) : undefined;
  const dataType =
    configured?.dataType ?? body.dataType ?? (typeof body.value === 'number' ? 'NUMERIC' : 'CATEGORICAL');
  const { value: typedValue, stringValue } = scoreValue(dataType, body.value);
  const value = configured?.categoryValue ?? typedValue;
  return {
    project_id: at.project,
    trace_id: body.traceId ?? '',
    id: at.id,
    version: at.version,
    is_deleted: 0,
    timestamp: at.timestampUs,
    created_at: at.nowUs,
    name: configured?.name ?? body.name,
    value,
    string_value: stringValue,
    data_type: dataType,
    source: body.source ?? 'API',
    observation_id: body.observationId ?? '',
    session_id: body.sessionId ?? '',
    dataset_run_id: body.datasetRunId ?? '',
    comment: body.comment ?? '',
    metadata: jsonText(body.metadata),
    environment: normalizeEnvironment(body.environment),
    config_id: body.configId ?? '',
    queue_id: body.queueId ?? '',
  };
}
