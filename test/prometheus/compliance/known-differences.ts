/**
 * The compliance cases whose answers differ from Prometheus 2.42's, each with the reason
 * (docs/prometheus.md lists the same). The compliance test fails on any other difference.
 */
export const KNOWN_DIFFERENCES = new Map<string, string>([]);
