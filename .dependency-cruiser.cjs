/**
 * The import graph's rules, checked by `pnpm test` (`pnpm deps`). Why dependency-cruiser:
 * docs/decisions/0025-import-graph-check.md.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A module may not reach itself through its imports (type-only imports included): split at a seam, or keep one idea in one file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-domain-to-routes',
      severity: 'error',
      comment:
        'Routes call domain code, never the reverse: only the app module that mounts the routes imports them.',
      from: { path: '^apps/[^/]+/src/', pathNot: ['^apps/[^/]+/src/routes/', '^apps/[^/]+/src/app\\.ts$'] },
      to: { path: '^apps/[^/]+/src/routes/' },
    },
    {
      name: 'no-packages-to-apps',
      severity: 'error',
      comment: 'Shared packages know nothing of the apps above them.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-product-to-tests',
      severity: 'error',
      comment: 'The service never imports its tests or benchmarks.',
      from: { path: '^(apps|packages)/[^/]+/src/' },
      to: { path: '^(test|bench)/|/test/' },
    },
    {
      name: 'query-api-resource-order',
      severity: 'error',
      comment:
        'The query API reads resources in one direction: a single trace shows its observations and scores, sessions and daily usage read traces, PromQL and the native metrics API share the metric-series reader; nothing points back.',
      from: { path: '^apps/query-api/src/(observations|scores|metric-series)/' },
      to: {
        path: '^apps/query-api/src/(traces|sessions|usage|observations|scores|metrics|prometheus|metric-labels)/',
        pathNot: '^apps/query-api/src/$1/',
      },
    },
    {
      name: 'query-api-no-sideways',
      severity: 'error',
      comment: 'Sessions and daily usage build on traces; traces build on neither.',
      from: { path: '^apps/query-api/src/traces/' },
      to: { path: '^apps/query-api/src/(sessions|usage|metrics|prometheus|metric-labels)/' },
    },
    {
      name: 'metrics-apis-apart',
      severity: 'error',
      comment: 'The native metrics API and PromQL meet only in the metric-series reader.',
      from: { path: '^apps/query-api/src/metrics/' },
      to: { path: '^apps/query-api/src/prometheus/' },
    },
    {
      name: 'ingest-protobuf-below-formats',
      severity: 'error',
      comment: 'The protobuf runtime and the shared OTLP pieces know nothing of the formats and tables above them.',
      from: { path: '^apps/ingest-api/src/(protobuf|otlp)/' },
      to: { path: '^apps/ingest-api/src/(?!protobuf/|otlp/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'node'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
