import type { AttributeReader } from '../attr-reader.ts';
import { parseJsonish } from '../parse.ts';
import { compact, type SpanFacts } from './facts.ts';

/**
 * The input and output attributes of frameworks that follow none of the conventions read before,
 * as Langfuse reads them, in its order: MLflow's `mlflow.spanInputs` / `mlflow.spanOutputs`; the
 * plain `input` / `output` of Pydantic Logfire and Pipecat; Pydantic AI's tool spans'
 * `tool_arguments` / `tool_response`. JSON texts are parsed. Read last: any convention's input or
 * output wins.
 */
export function readFrameworkIo(r: AttributeReader): SpanFacts {
  const pairs: [string, string][] = [
    ['mlflow.spanInputs', 'mlflow.spanOutputs'],
    ['input', 'output'],
    ['tool_arguments', 'tool_response'],
  ];
  for (const [inputKey, outputKey] of pairs) {
    const input = r.take(inputKey);
    const output = r.take(outputKey);
    if (input === undefined && output === undefined) continue;
    return compact({
      input: input === undefined ? undefined : parseJsonish(input),
      output: output === undefined ? undefined : parseJsonish(output),
    });
  }
  return {};
}
