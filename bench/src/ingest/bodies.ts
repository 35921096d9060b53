// Request bodies for the ingest clients. Encoding a fresh request per send would cost the client
// more CPU than the service spends on it (both share 2 cores), so a few bodies are encoded once
// and each send is a copy with fresh trace ids. OTLP bodies come from the
// Langfuse-SDK-shaped fixture (otlp-fixture.ts); batch bodies from this bench's trace generator.

import { toBatchBody } from '../gen/batch.ts';
import { DEFAULT_SPEC, generateTrace, hexToUuid } from '../gen/traces.ts';
import { freshBody, jsonTemplate, protobufTemplate, type Template } from './otlp-fixture.ts';

export type IngestPath = 'otlp-protobuf' | 'otlp-json' | 'batch-json';
export const INGEST_PATHS: IngestPath[] = ['otlp-protobuf', 'otlp-json', 'batch-json'];

export type BodySource = {
  path: string;
  contentType: string;
  spansPerRequest: number;
  /** Body number k (unique trace ids across the run) and the UUID of its first trace. */
  body: (k: number) => { body: Buffer; traceId: string };
};

const nonce = (Date.now() / 1000) >>> 0;

function otlpSource(templates: Template[], contentType: string): BodySource {
  const per = templates[0]!.idOffsets.length;
  return {
    path: '/api/public/otel/v1/traces',
    contentType,
    spansPerRequest: templates[0]!.spans,
    body: (k) => {
      const t = templates[k % templates.length]!;
      const body = freshBody(t, nonce, k * per + 1);
      const at = t.idOffsets[0]![0]!;
      const hex =
        t.idWidth === 16 ? body.subarray(at, at + 16).toString('hex') : body.subarray(at, at + 32).toString('latin1');
      return { body, traceId: hexToUuid(hex) };
    },
  };
}

/** Batch bodies: the JSON text split around its trace id, so a fresh id is one join. */
function batchSource(): BodySource {
  const parts = Array.from({ length: 16 }, (_, i) => {
    const body = toBatchBody(generateTrace(DEFAULT_SPEC, i));
    return JSON.stringify(body).split(body.trace.id);
  });
  return {
    path: '/v1/l/batch',
    contentType: 'application/json',
    spansPerRequest: 10,
    body: (k) => {
      const hex = (nonce.toString(16).padStart(8, '0') + k.toString(16).padStart(24, '0')).slice(-32);
      const traceId = hexToUuid(hex);
      return { body: Buffer.from(parts[k % parts.length]!.join(traceId)), traceId };
    },
  };
}

/** `tracesPerExport` traces (10 spans each) per OTLP request; the batch endpoint takes one trace. */
export function bodySource(path: IngestPath, tracesPerExport: number): BodySource {
  const templates = (make: typeof protobufTemplate) =>
    Array.from({ length: 8 }, (_, i) => make(i + 1, tracesPerExport));
  if (path === 'otlp-protobuf') return otlpSource(templates(protobufTemplate), 'application/x-protobuf');
  if (path === 'otlp-json') return otlpSource(templates(jsonTemplate), 'application/json');
  return batchSource();
}

/** A single-trace body of the same path, for the ingest-to-visible probe. */
export function probeSource(path: IngestPath): BodySource {
  if (path === 'otlp-protobuf') return otlpSource([protobufTemplate(99, 1)], 'application/x-protobuf');
  if (path === 'otlp-json') return otlpSource([jsonTemplate(99, 1)], 'application/json');
  return batchSource();
}
