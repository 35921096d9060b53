import { type Db, queryRows } from '@spanhouse/db';
import { Gauge, type Registry } from 'prom-client';

/**
 * The embedded engine's memory as it accounts for it (`system.metrics`), by part: all it tracks
 * (`MemoryTracking`: the allocations it accounts for, not its code) and each cache, bounded among
 * the engine's settings (@spanhouse/db engine-memory.ts) or filled by reads. Its figure for merges
 * alone stays 0 in chDB while merges run, so it is not reported. chDB runs inside this process:
 * these are shares of its resident memory that `process_resident_memory_bytes` cannot tell apart
 * from the JavaScript heap.
 */
const PARTS: Readonly<Record<string, string>> = {
  tracked: 'MemoryTracking',
  mark_cache: 'MarkCacheBytes',
  index_mark_cache: 'IndexMarkCacheBytes',
  primary_index_cache: 'PrimaryIndexCacheBytes',
  uncompressed_cache: 'UncompressedCacheBytes',
  query_condition_cache: 'QueryConditionCacheBytes',
  text_index_tokens_cache: 'TextIndexTokensCacheBytes',
  text_index_header_cache: 'TextIndexHeaderCacheBytes',
  text_index_postings_cache: 'TextIndexPostingsCacheBytes',
  compiled_expression_cache: 'CompiledExpressionCacheBytes',
};

/** A scrape does not wait longer than this for a reader; a gauge keeps its last values then. */
export const READ_TIMEOUT_MS = 2000;

/**
 * Registers `spanhouse_engine_memory_bytes{part}` on `registry`, read from the engine at each
 * scrape. For the embedded engine only: on a ClickHouse server these are the server's figures,
 * which it exports itself.
 */
export function registerEngineMemory(registry: Registry, db: Db): void {
  const names = Object.values(PARTS);
  new Gauge({
    name: 'spanhouse_engine_memory_bytes',
    help: 'Memory of the embedded ClickHouse engine by part: all it tracks, and each cache (system.metrics)',
    labelNames: ['part'] as const,
    registers: [registry],
    async collect() {
      const values = await queryRows(db, {
        sql: 'SELECT metric, value FROM system.metrics WHERE metric IN {names:Array(String)}',
        params: { names },
        tag: 'engine.memory',
        map: (r) => [String(r.metric), Number(r.value)] as const,
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      }).catch(() => undefined);
      if (!values) return;
      const byMetric = new Map(values);
      for (const [part, metric] of Object.entries(PARTS)) {
        const value = byMetric.get(metric);
        if (value !== undefined) this.set({ part }, value);
      }
    },
  });
}
