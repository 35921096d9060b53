import { badRequest } from '@spanhouse/http';

/** The body parsed as JSON; 400 when it is not JSON (every OTLP/JSON endpoint). */
export function parseOtlpJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw badRequest(`request body is not valid JSON: ${(err as Error).message}`);
  }
}
