export * from './common.ts';
export * from './errors.ts';
export * from './traces.ts';
export * from './daily.ts';
export * from './metrics.ts';
export * from './time.ts';
export { safeParse, parse, type InferOutput } from 'valibot';
