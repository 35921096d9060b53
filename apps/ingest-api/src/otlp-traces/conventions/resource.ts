import type { Attributes } from '../../otlp/values.ts';
import { normalizeEnvironment } from '../../environment.ts';
import { compact, type TraceFacts } from './facts.ts';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * Trace fields from resource attributes, the fallback when spans do not set them (as Langfuse
 * reads them): the environment (langfuse.environment, else deployment.environment[.name]; as
 * normalizeEnvironment makes every environment), the release (langfuse.release) and the version
 * (langfuse.version, else service.version).
 */
export function resourceTraceFacts(resource: Attributes): TraceFacts {
  const environment =
    text(resource['langfuse.environment']) ??
    text(resource['deployment.environment.name']) ??
    text(resource['deployment.environment']);
  return compact({
    environment: environment === undefined ? undefined : normalizeEnvironment(environment),
    release: text(resource['langfuse.release']),
    version: text(resource['langfuse.version']) ?? text(resource['service.version']),
  });
}
