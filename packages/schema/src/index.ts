export { type InferOutput, parse, safeParse } from 'valibot';
export * from './common.ts';
export * from './daily.ts';
export * from './errors.ts';
export * from './ingestion.ts';
export * from './metrics.ts';
export * from './scores.ts';
export * from './time.ts';
export * from './traces.ts';
