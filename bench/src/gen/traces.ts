import { Rng } from './prng.ts';
import { type Language, languageOf, message, question as questionText } from './text.ts';
import { SYSTEM_PROMPTS } from './vocabulary.ts';

/**
 * The trace data set: trace i is a pure function of (spec, i). Shaped like an LLM app's traces:
 * ten observations per trace in a tree up to three deep (an agent root, retrieval with an embedding
 * and a rerank, a tool call with an HTTP span, a guardrail), three of them generations with model
 * and token usage; chat-message IO; trace metadata; users, sessions of about five traces, tags.
 * Timestamps grow with i (arrival order) over `days` days ending at `endMs`; all times are whole
 * milliseconds so every wire format (ISO, OTLP nanoseconds) carries them exactly.
 */
export type TraceSpec = {
  traces: number;
  seed: number;
  days: number;
  /** End of the time range, ms since the epoch. */
  endMs: number;
  users: number;
};

export const DEFAULT_SPEC: TraceSpec = {
  traces: 1_000_000,
  seed: 7,
  days: 30,
  endMs: Date.UTC(2026, 1, 1),
  users: 10_000,
};

export type GenSpan = {
  /** 16 hex digits (OTLP span id). */
  spanId: string;
  parentSpanId?: string;
  name: string;
  type: 'AGENT' | 'RETRIEVER' | 'EMBEDDING' | 'SPAN' | 'GENERATION' | 'TOOL' | 'GUARDRAIL';
  startMs: number;
  endMs: number;
  model?: string;
  usage?: { input: number; output: number; total: number };
  input?: unknown;
  output?: unknown;
  metadata: Record<string, string | number | boolean>;
};

export type GenTrace = {
  /** 32 hex digits (OTLP trace id). */
  traceId: string;
  timestampMs: number;
  name: string;
  userId: string;
  sessionId: string;
  release: string;
  version: string;
  environment: string;
  tags: string[];
  metadata: Record<string, string | number | boolean>;
  input: unknown;
  output: unknown;
  spans: GenSpan[];
};

export const TRACE_NAMES = ['chat', 'chat', 'chat', 'rag-answer', 'rag-answer', 'summarize', 'classify', 'agent-run'];
export const TAGS = ['rag', 'chat', 'agent', 'beta', 'eval', 'mobile', 'web', 'api', 'premium', 'free'];
/** Probability of each tag on a trace (independent): 'rag' is common, 'beta' rare. */
export const TAG_P = [0.3, 0.25, 0.15, 0.05, 0.08, 0.2, 0.5, 0.3, 0.1, 0.4];
export const CHAT_MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'claude-sonnet-4-5',
  'claude-haiku-4-5',
  'gemini-2.5-flash',
  'gpt-4.1-mini',
];
export const REGIONS = ['eu-west-1', 'us-east-1', 'ap-south-1'];
export const EMBEDDING_MODEL = 'text-embedding-3-small';

const traceIdOf = (rng: Rng) => rng.hex8() + rng.hex8() + rng.hex8() + rng.hex8();

/** The OTLP trace id of trace i (hex), without generating the rest. */
export function traceHexId(spec: TraceSpec, i: number): string {
  return traceIdOf(new Rng(spec.seed, 1, i));
}

/** A user id skewed towards low numbers: a few heavy users, a long tail. */
export function userOf(spec: TraceSpec, session: number): string {
  const r = new Rng(spec.seed, 2, session).float();
  return `user-${Math.floor(spec.users * r * r)}`;
}

export function timestampOf(spec: TraceSpec, i: number): number {
  const span = spec.days * 86_400_000;
  const jitter = new Rng(spec.seed, 3, i).int(0, 60_000);
  return spec.endMs - span + Math.floor((i / spec.traces) * (span - 60_000)) + jitter;
}

function chat(role: string, content: string) {
  return { role, content };
}

function generation(
  rng: Rng,
  lang: Language,
  name: string,
  startMs: number,
  parentSpanId: string,
  spanId: string,
): GenSpan {
  const input = rng.int(200, 4000);
  const output = rng.int(20, 800);
  const model = rng.pick(CHAT_MODELS);
  return {
    spanId,
    parentSpanId,
    name,
    type: 'GENERATION',
    startMs,
    endMs: startMs + rng.int(300, 6000),
    model,
    usage: { input, output, total: input + output },
    input: [chat('system', rng.pick(SYSTEM_PROMPTS)), chat('user', message(rng, lang, rng.int(10, 60)))],
    output: chat('assistant', message(rng, lang, rng.int(8, 60))),
    metadata: { temperature: rng.pick([0, 0.2, 0.7]), stream: rng.chance(0.5) },
  };
}

export function generateTrace(spec: TraceSpec, i: number): GenTrace {
  const rng = new Rng(spec.seed, 1, i);
  const traceId = traceIdOf(rng);
  const session = Math.floor(i / 5);
  const t0 = timestampOf(spec, i);
  const span = () => rng.hex8() + rng.hex8();
  const root = span();
  const ids = Array.from({ length: 9 }, span);
  let t = t0 + rng.int(0, 20);
  const next = (ms: number) => {
    const s = t;
    t += ms;
    return s;
  };
  const lang = languageOf(rng.float());
  const question = chat('user', questionText(rng, lang, rng.int(8, 35)));
  const spans: GenSpan[] = [];
  // retrieval: retriever -> (embedding, rerank)
  const rStart = next(0);
  const emb: GenSpan = {
    spanId: ids[1]!,
    parentSpanId: ids[0],
    name: 'embed-query',
    type: 'EMBEDDING',
    startMs: next(0),
    endMs: rStart + rng.int(20, 120),
    model: EMBEDDING_MODEL,
    usage: { input: rng.int(10, 80), output: 0, total: 0 },
    input: question.content,
    metadata: { dims: 1536 },
  };
  emb.usage!.total = emb.usage!.input;
  const rerank: GenSpan = {
    spanId: ids[2]!,
    parentSpanId: ids[0],
    name: 'rerank',
    type: 'SPAN',
    startMs: emb.endMs,
    endMs: emb.endMs + rng.int(5, 60),
    output: { kept: rng.int(3, 8) },
    metadata: { candidates: 50 },
  };
  const retriever: GenSpan = {
    spanId: ids[0]!,
    parentSpanId: root,
    name: 'retrieve-docs',
    type: 'RETRIEVER',
    startMs: rStart,
    endMs: rerank.endMs + rng.int(1, 10),
    input: { query: question.content, k: 50 },
    output: { documents: [`doc-${rng.int(1, 99999)}`, `doc-${rng.int(1, 99999)}`] },
    metadata: { index: rng.pick(['kb-main', 'kb-faq']) },
  };
  t = retriever.endMs;
  const plan = generation(rng, lang, 'plan', next(0), root, ids[3]!);
  t = plan.endMs;
  const toolStart = t;
  const http: GenSpan = {
    spanId: ids[5]!,
    parentSpanId: ids[4],
    name: 'http-get',
    type: 'SPAN',
    startMs: toolStart + 1,
    endMs: toolStart + 1 + rng.int(30, 900),
    metadata: { status: rng.chance(0.97) ? 200 : 503, url: `https://api.example.com/v1/items/${rng.int(1, 9999)}` },
  };
  const tool: GenSpan = {
    spanId: ids[4]!,
    parentSpanId: root,
    name: rng.pick(['search', 'lookup-order', 'get-weather']),
    type: 'TOOL',
    startMs: toolStart,
    endMs: http.endMs + 2,
    input: { args: { id: rng.int(1, 9999) } },
    output: { ok: true },
    metadata: { retries: rng.int(0, 2) },
  };
  t = tool.endMs;
  const answer = generation(rng, lang, 'answer', next(0), root, ids[6]!);
  t = answer.endMs;
  const guard: GenSpan = {
    spanId: ids[7]!,
    parentSpanId: root,
    name: 'moderation',
    type: 'GUARDRAIL',
    startMs: next(0),
    endMs: t + rng.int(10, 80),
    output: { flagged: rng.chance(0.01) },
    metadata: { policy: 'default' },
  };
  t = guard.endMs;
  const summary = generation(rng, lang, 'summarize', next(0), root, ids[8]!);
  t = summary.endMs;
  spans.push(
    {
      spanId: root,
      name: 'handle-request',
      type: 'AGENT',
      startMs: t0,
      endMs: t + rng.int(1, 30),
      input: question,
      output: answer.output,
      metadata: { region: rng.pick(REGIONS) },
    },
    retriever,
    emb,
    rerank,
    plan,
    tool,
    http,
    answer,
    guard,
    summary,
  );
  const tags = TAGS.filter((_, k) => rng.chance(TAG_P[k]!));
  return {
    traceId,
    timestampMs: t0,
    name: rng.pick(TRACE_NAMES),
    userId: userOf(spec, session),
    sessionId: `session-${session}`,
    release: `v1.${Math.floor((i / spec.traces) * 6)}`,
    version: `v${rng.int(1, 3)}`,
    environment: rng.chance(0.8) ? 'production' : 'staging',
    tags,
    metadata: {
      region: rng.pick(REGIONS),
      plan: rng.pick(['free', 'pro', 'team']),
      requestId: rng.hex8() + rng.hex8(),
    },
    input: question,
    output: answer.output,
    spans,
  };
}

/** OTLP hex ids to the stored UUIDs (docs/api.md, OTLP): trace 8-4-4-4-12, span left-padded with 16 zeros. */
export function hexToUuid(hex32: string): string {
  return `${hex32.slice(0, 8)}-${hex32.slice(8, 12)}-${hex32.slice(12, 16)}-${hex32.slice(16, 20)}-${hex32.slice(20)}`;
}
export const spanUuid = (hex16: string) => hexToUuid(`0000000000000000${hex16}`);
