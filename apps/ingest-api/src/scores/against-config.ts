import { ApiError, badRequest } from '@spanhouse/http';
import type { ScoreBody, ScoreDataType } from '@spanhouse/schema';
import type { ScoreConfigRow } from '@spanhouse/store';

/*
 * Langfuse's check of a score that names a config (`configId`), as its ingestion applies it to
 * every score, from the ingestion API and POST /api/public/scores alike: the config must be one of
 * the project's; the score takes the config's name and data type; a dataType the score states must
 * be the config's; an archived config takes no new score; a NUMERIC value lies within the config's
 * range, a CATEGORICAL value is one of its category labels (the score's value is then the
 * category's). The value's type for the data type is scoreRowOf's check. Pure: the configs are
 * read before (scores/configs.ts).
 */

/** The configs a request's scores name, by id (those of the project that exist). */
export type ScoreConfigsById = ReadonlyMap<string, ScoreConfigRow>;

/** What a config makes of a score: its name, its data type, and a CATEGORICAL score's numeric value. */
export type ConfiguredScore = { name: string; dataType: ScoreDataType; categoryValue?: number };

const AGAINST_CONFIG = 'Ingested score body not valid against provided config';

/** `body` checked against the config it names; throws 404 for an unknown config, 400 for a score that does not fit. */
export function againstConfig(body: ScoreBody, configId: string, configs: ScoreConfigsById): ConfiguredScore {
  const config = configs.get(configId);
  if (!config) {
    throw new ApiError('NOT_FOUND', 'The configId you provided does not match a valid config in this project');
  }
  if (body.dataType && body.dataType !== config.data_type) {
    throw badRequest(`Data type mismatch based on config: expected ${config.data_type}, got ${body.dataType}`);
  }
  if (config.is_archived) {
    throw badRequest('Config is archived and cannot be used to create new scores. Please restore the config first.');
  }
  const scored = { name: config.name, dataType: config.data_type };
  const { value } = body;
  if (config.data_type === 'NUMERIC' && typeof value === 'number') {
    if (config.max_value !== null && value > config.max_value) {
      throw badRequest(`${AGAINST_CONFIG}: Value exceeds maximum value of ${config.max_value} defined in config`);
    }
    if (config.min_value !== null && value < config.min_value) {
      throw badRequest(`${AGAINST_CONFIG}: Value is below minimum value of ${config.min_value} defined in config`);
    }
  }
  if (config.data_type === 'CATEGORICAL' && typeof value === 'string') {
    const category = config.categories?.find((c) => c.label === value);
    if (!category) {
      throw badRequest(
        `${AGAINST_CONFIG}: Value ${value} does not map to a valid category. Pass a valid category value.`,
      );
    }
    return { ...scored, categoryValue: category.value };
  }
  return scored;
}
