// Request bodies for the ingest clients. Encoding a fresh request per send would cost the client
// more CPU than the service spends on it (both share 2 cores), so a few bodies are encoded once
// and each send is a copy with fresh trace ids. OTLP bodies come from the
// Langfuse-SDK-shaped fixture (otlp-fixture.ts); batch bodies from this bench's trace generator.

import { toBatchBody } from '../gen/batch.ts';
import { toIngestionEvents } from '../gen/ingestion.ts';
import { DEFAULT_SPEC, generateTrace, hexToUuid } from '../gen/traces.ts';
import { freshBody, jsonTemplate, protobufTemplate, type Template } from './otlp-fixture.ts';

export type IngestPath = 'otlp-protobuf' | 'otlp-grpc' | 'ingestion-json' | 'otlp-json' | 'batch-json';
/** In run order: OTLP/gRPC right after OTLP/HTTP protobuf, the same bodies over the other transport. */
export const INGEST_PATHS: IngestPath[] = ['otlp-protobuf', 'otlp-grpc', 'ingestion-json', 'otlp-json', 'batch-json'];

export type BodySource = {
  path: string;
  /** OTLP/gRPC's TraceService (the same protobuf bodies as `path`), else HTTP POST to `path`. */
  grpc?: boolean;
  contentType: string;
  spansPerRequest: number;
  /** The status of an accepted request (the ingestion API answers 207). */
  okStatus: number;
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
    okStatus: 200,
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
    okStatus: 200,
    body: (k) => {
      const hex = (nonce.toString(16).padStart(8, '0') + k.toString(16).padStart(24, '0')).slice(-32);
      const traceId = hexToUuid(hex);
      return { body: Buffer.from(parts[k % parts.length]!.join(traceId)), traceId };
    },
  };
}

const TRACE_MARK = /@@T(\d+)@@/;

/**
 * Ingestion API bodies as the legacy SDK batches them, `traces` traces per request (their events in
 * one batch); the JSON text is split around placeholder trace ids, so fresh ids are one join.
 */
function ingestionSource(traces: number): BodySource {
  const templates = Array.from({ length: 4 }, (_, b) => {
    const batch = Array.from({ length: traces }, (_, i) =>
      toIngestionEvents(generateTrace(DEFAULT_SPEC, b * traces + i), `@@T${i}@@`),
    ).flat();
    return JSON.stringify({ batch }).split(TRACE_MARK);
  });
  const spans = generateTrace(DEFAULT_SPEC, 0).spans.length;
  return {
    path: '/api/public/ingestion',
    contentType: 'application/json',
    spansPerRequest: traces * spans,
    okStatus: 207,
    body: (k) => {
      const parts = templates[k % templates.length]!;
      const ids = Array.from({ length: traces }, (_, i) =>
        hexToUuid((nonce.toString(16).padStart(8, '0') + (k * traces + i).toString(16).padStart(24, '0')).slice(-32)),
      );
      // split() with a capture group alternates text and the captured index.
      let out = '';
      for (let j = 0; j < parts.length; j++) out += j % 2 ? ids[Number(parts[j])]! : parts[j]!;
      return { body: Buffer.from(out), traceId: ids[0]! };
    },
  };
}

/** `tracesPerExport` traces (10 spans each) per OTLP request; the batch endpoint takes one trace. */
export function bodySource(path: IngestPath, tracesPerExport: number): BodySource {
  const templates = (make: typeof protobufTemplate) =>
    Array.from({ length: 8 }, (_, i) => make(i + 1, tracesPerExport));
  if (path === 'otlp-protobuf') return otlpSource(templates(protobufTemplate), 'application/x-protobuf');
  if (path === 'otlp-grpc') return { ...otlpSource(templates(protobufTemplate), 'application/x-protobuf'), grpc: true };
  if (path === 'otlp-json') return otlpSource(templates(jsonTemplate), 'application/json');
  if (path === 'ingestion-json') return ingestionSource(tracesPerExport);
  return batchSource();
}

/** A single-trace body of the same path, for the ingest-to-visible probe. */
export function probeSource(path: IngestPath): BodySource {
  if (path === 'otlp-protobuf') return otlpSource([protobufTemplate(99, 1)], 'application/x-protobuf');
  if (path === 'otlp-grpc') return { ...otlpSource([protobufTemplate(99, 1)], 'application/x-protobuf'), grpc: true };
  if (path === 'otlp-json') return otlpSource([jsonTemplate(99, 1)], 'application/json');
  if (path === 'ingestion-json') return ingestionSource(1);
  return batchSource();
}
