import { admit, projectOf, readBody } from '@spanhouse/http';
import { Hono } from 'hono';
import type { IngestDeps } from '../deps.ts';
import { otlpEncoding } from '../otlp/content.ts';
import type { OtlpSignal } from '../otlp-export/signals.ts';
import { answeringForTheLog, storeOptions } from './log-refusals.ts';

/**
 * POST `path`: one OTLP/HTTP export of `signal`, protobuf or JSON, optionally gzip. Admission
 * decides before the body is read; 200 once durable (or committed, with Spanhouse-Wait: commit),
 * answered in the request's encoding: an empty Export*ServiceResponse, or partial_success. Errors
 * use our JSON error body for every encoding: exporters act on the status and Retry-After only.
 */
export function otlpExportRoute(deps: IngestDeps, path: string, signal: OtlpSignal) {
  const { limits } = deps.config;
  return new Hono().post(path, admit(deps.admission, limits.bodyBytes), async (c) => {
    const encoding = otlpEncoding(c.req.header('content-type'));
    const body = await readBody(c, limits);
    const store = storeOptions(c);
    const rejected = await answeringForTheLog(() => signal.ingest(projectOf(c), encoding, body, store));
    if (encoding === 'protobuf') {
      c.header('Content-Type', 'application/x-protobuf');
      return c.body(signal.protobufReply(rejected), 200);
    }
    return c.json(signal.jsonReply(rejected));
  });
}
