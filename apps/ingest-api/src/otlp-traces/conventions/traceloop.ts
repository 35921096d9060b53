import type { AttributeReader } from '../attr-reader.ts';
import { parseJsonish } from '../parse.ts';
import { compact, type SpanFacts } from './facts.ts';

/**
 * OpenLLMetry (Traceloop): the `@workflow`, `@task`, `@agent` and `@tool` decorators record the
 * decorated function's arguments and result as `traceloop.entity.input` and `.output` (JSON
 * texts, parsed), its input and output, as Langfuse reads them. The rest of `traceloop.*` (span
 * kind, entity and workflow names) stays in metadata.
 */
export function readTraceloop(r: AttributeReader): SpanFacts {
  const input = r.take('traceloop.entity.input');
  const output = r.take('traceloop.entity.output');
  return compact({
    input: input === undefined ? undefined : parseJsonish(input),
    output: output === undefined ? undefined : parseJsonish(output),
  });
}
