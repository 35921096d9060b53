// OTLP export bodies for the trace ingest suite, shaped like what the Langfuse SDK (@langfuse/otel)
// sends: ten spans per trace in a tree (agent root; retriever with an embedding and a rerank; a tool
// with an HTTP call; a guardrail; three generations with model, usage details and model
// parameters), chat-message IO as JSON text, observation metadata as flattened attributes, and the
// propagated trace attributes (user, session, tags, trace metadata, version, environment) on every
// span, as propagateAttributes does. Deterministic (seeded).
//
// A run needs millions of distinct spans; encoding each request would cost the client more CPU
// than the server spends on it. So a few templates are encoded once and every request is a copy
// with fresh trace ids written over the template's: observations are keyed by (trace id, span id),
// so new trace ids make every span new.
import { opentelemetry } from '@spanhouse/ingest-api/otlp-proto';

const ExportRequest = opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

const WORDS = (
  'the a of to and in is for on with that this it as be are by from at or an was not can will your order ' +
  'refund account invoice shipping delivery password reset login error timeout latency model prompt token ' +
  'context answer question summary document search result customer support ticket policy price plan'
).split(' ');
const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-sonnet-4-5', 'claude-haiku-4-5', 'gemini-2.5-flash'];
const TAGS = ['rag', 'chat', 'agent', 'beta', 'web', 'api'];

/** xorshift32: small, fast, deterministic. */
class Rng {
  constructor(private s: number) {}
  next(): number {
    this.s ^= this.s << 13;
    this.s ^= this.s >>> 17;
    this.s ^= this.s << 5;
    return (this.s >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = 1 + Math.floor(this.next() * 255);
    return out;
  }
  text(chars: number): string {
    const parts: string[] = [];
    for (let n = 0; n < chars; ) {
      const w = this.pick(WORDS);
      parts.push(w);
      n += w.length + 1;
    }
    return parts.join(' ');
  }
}

type Attr = { key: string; value: Record<string, unknown> };
const str = (key: string, v: string): Attr => ({ key, value: { stringValue: v } });
const json = (key: string, v: unknown): Attr => str(key, JSON.stringify(v));

type SpanDef = { name: string; type: string; parent: number | null; ms: number; attrs: Attr[] };

function generation(rng: Rng, name: string, parent: number): SpanDef {
  const input = rng.int(200, 4000);
  const output = rng.int(20, 800);
  return {
    name,
    type: 'generation',
    parent,
    ms: rng.int(300, 6000),
    attrs: [
      str('langfuse.observation.model.name', rng.pick(MODELS)),
      json('langfuse.observation.usage_details', { input, output, total: input + output }),
      json('langfuse.observation.model.parameters', { temperature: rng.pick([0, 0.2, 0.7]), max_tokens: 1024 }),
      json('langfuse.observation.input', [
        { role: 'system', content: rng.text(80) },
        { role: 'user', content: rng.text(rng.int(60, 300)) },
      ]),
      json('langfuse.observation.output', { role: 'assistant', content: rng.text(rng.int(40, 300)) }),
      str('langfuse.observation.metadata.stream', String(rng.next() < 0.5)),
    ],
  };
}

/** The ten spans of one trace (index 0 is the root). */
function traceSpans(rng: Rng): SpanDef[] {
  const question = rng.text(rng.int(40, 200));
  return [
    {
      name: 'handle-request',
      type: 'agent',
      parent: null,
      ms: 9000,
      attrs: [
        str('langfuse.trace.name', rng.pick(['chat', 'rag-answer', 'summarize'])),
        json('langfuse.trace.input', { role: 'user', content: question }),
        json('langfuse.trace.output', { role: 'assistant', content: rng.text(120) }),
        str('langfuse.observation.metadata.region', rng.pick(['eu-west-1', 'us-east-1'])),
      ],
    },
    {
      name: 'retrieve-docs',
      type: 'retriever',
      parent: 0,
      ms: 150,
      attrs: [json('langfuse.observation.input', { query: question, k: 50 })],
    },
    {
      name: 'embed-query',
      type: 'embedding',
      parent: 1,
      ms: 60,
      attrs: [
        str('langfuse.observation.model.name', 'text-embedding-3-small'),
        json('langfuse.observation.usage_details', { input: rng.int(10, 80) }),
        str('langfuse.observation.input', question),
      ],
    },
    {
      name: 'rerank',
      type: 'span',
      parent: 1,
      ms: 30,
      attrs: [json('langfuse.observation.output', { kept: rng.int(3, 8) })],
    },
    generation(rng, 'plan', 0),
    {
      name: 'search',
      type: 'tool',
      parent: 0,
      ms: 400,
      attrs: [json('langfuse.observation.input', { args: { id: rng.int(1, 9999) } })],
    },
    {
      name: 'http-get',
      type: 'span',
      parent: 5,
      ms: 350,
      attrs: [
        str('http.method', 'GET'),
        str('http.url', `https://api.example.com/v1/items/${rng.int(1, 9999)}`),
        { key: 'http.status_code', value: { intValue: 200 } },
      ],
    },
    generation(rng, 'answer', 0),
    {
      name: 'moderation',
      type: 'guardrail',
      parent: 0,
      ms: 40,
      attrs: [json('langfuse.observation.output', { flagged: false })],
    },
    generation(rng, 'summarize', 0),
  ];
}

export type Template = {
  /** The encoded export. */
  body: Buffer;
  spans: number;
  /** Per trace of the export, the byte offsets of each copy of its trace id. */
  idOffsets: number[][];
  /** Bytes an id takes in the body: 16 (protobuf) or 32 (hex in JSON). */
  idWidth: 16 | 32;
};

/** One export of `traces` traces (ten spans each) as OTLP protobuf and as OTLP/JSON. */
export function buildExport(seed: number, traces: number): { request: object; traceIds: Uint8Array[] } {
  const rng = new Rng(seed * 2654435761 || 1);
  const spans: object[] = [];
  const traceIds: Uint8Array[] = [];
  const nowNs = BigInt(Date.now()) * 1_000_000n;
  for (let t = 0; t < traces; t++) {
    const traceId = rng.bytes(16);
    traceIds.push(traceId);
    const defs = traceSpans(rng);
    const ids = defs.map(() => rng.bytes(8));
    const shared = [
      str('user.id', `user-${rng.int(1, 5000)}`),
      str('session.id', `session-${rng.int(1, 20000)}`),
      { key: 'langfuse.trace.tags', value: { arrayValue: { values: [{ stringValue: rng.pick(TAGS) }] } } },
      str('langfuse.trace.metadata.plan', rng.pick(['free', 'pro', 'team'])),
      str('langfuse.trace.metadata.request_id', Buffer.from(rng.bytes(8)).toString('hex')),
      str('langfuse.version', 'v2'),
      str('langfuse.environment', 'production'),
    ];
    let start = nowNs - BigInt(rng.int(0, 60_000)) * 1_000_000n;
    defs.forEach((d, i) => {
      start += BigInt(rng.int(1, 50)) * 1_000_000n;
      spans.push({
        traceId,
        spanId: ids[i],
        parentSpanId: d.parent === null ? undefined : ids[d.parent],
        name: d.name,
        kind: 1,
        startTimeUnixNano: start.toString(),
        endTimeUnixNano: (start + BigInt(d.ms) * 1_000_000n).toString(),
        attributes: [str('langfuse.observation.type', d.type), ...d.attrs, ...shared],
        status: { code: 0 },
      });
    });
  }
  const request = {
    resourceSpans: [
      {
        resource: {
          attributes: [
            str('service.name', 'chat-backend'),
            str('service.version', '1.4.2'),
            str('telemetry.sdk.language', 'nodejs'),
            str('telemetry.sdk.name', 'opentelemetry'),
            str('telemetry.sdk.version', '2.2.0'),
          ],
        },
        scopeSpans: [{ scope: { name: 'langfuse-sdk', version: '4.4.0' }, spans }],
      },
    ],
  };
  return { request, traceIds };
}

function offsetsOf(body: Buffer, needle: Buffer): number[] {
  const out: number[] = [];
  for (let at = body.indexOf(needle); at >= 0; at = body.indexOf(needle, at + 1)) out.push(at);
  return out;
}

export function protobufTemplate(seed: number, traces: number): Template {
  const { request, traceIds } = buildExport(seed, traces);
  const body = Buffer.from(ExportRequest.encode(request as never).finish());
  return { body, spans: traces * 10, idOffsets: traceIds.map((id) => offsetsOf(body, Buffer.from(id))), idWidth: 16 };
}

export function jsonTemplate(seed: number, traces: number): Template {
  const { request, traceIds } = buildExport(seed, traces);
  const hexIds = (_key: string, value: unknown) =>
    value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value;
  const body = Buffer.from(JSON.stringify(request, hexIds));
  const idOffsets = traceIds.map((id) => offsetsOf(body, Buffer.from(Buffer.from(id).toString('hex'))));
  return { body, spans: traces * 10, idOffsets, idWidth: 32 };
}

/**
 * A copy of the template whose traces get fresh ids: the template id's first 8 bytes, then the
 * run's nonce and a counter (unique within the run, never all zero).
 */
export function freshBody(t: Template, nonce: number, counter: number): Buffer {
  const body = Buffer.from(t.body);
  const tail = Buffer.alloc(8);
  for (let i = 0; i < t.idOffsets.length; i++) {
    tail.writeUInt32BE(nonce >>> 0, 0);
    tail.writeUInt32BE((counter + i) >>> 0, 4);
    for (const at of t.idOffsets[i]!) {
      if (t.idWidth === 16) tail.copy(body, at + 8);
      else body.write(tail.toString('hex'), at + 16, 'latin1');
    }
  }
  return body;
}
