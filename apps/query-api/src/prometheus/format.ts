import { formatPromFloat } from '@spanhouse/schema';

/** A sample value as Prometheus writes it in API answers. */
export const formatValue = formatPromFloat;

/** A timestamp in ms as the API writes it: Unix seconds, at most three decimals. */
export const formatTime = (ms: number): number => ms / 1000;
