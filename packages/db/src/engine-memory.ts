import { ENGINE_PRIORITY_SETTINGS } from './priorities.ts';

/**
 * What the embedded engine may hold in memory, as server settings it starts with. chDB runs inside
 * the service's process, so its caches and merges are the service's RSS; ClickHouse's defaults are
 * sized for a dedicated server (5 GiB for each mark and index cache, merges up to half the RAM).
 * The settings are server configuration, read once when the first connection to a data directory
 * starts the engine (later ones share it and their arguments are ignored): they are given as that
 * first connection's arguments, which chDB passes to the engine as `--name=value`.
 * Figures: docs/decisions/0052-engine-memory-bounds.md.
 */
export const ENGINE_MEMORY_SETTINGS = {
  /** Marks of the parts read: the tables here have few parts (merged, two inserts a second at most). */
  mark_cache_size: 64 * 1024 * 1024,
  index_mark_cache_size: 32 * 1024 * 1024,
  primary_index_cache_size: 64 * 1024 * 1024,
  /** Decompressed blocks of point reads (READER_SETTINGS say which reads use it). */
  uncompressed_cache_size: 64 * 1024 * 1024,
  /** No new merge starts while merges hold this much; those running finish. */
  merges_mutations_memory_usage_soft_limit: 256 * 1024 * 1024,
} as const;

/**
 * Settings of the reader connections. Reads of a few granules (a page's rows by id, one trace, its
 * scores) keep the blocks they decompress in the engine's uncompressed-block cache
 * (`uncompressed_cache_size` above), so the same page or trace read again skips the ZSTD of its
 * text columns; reads past the two bounds (scans) go around the cache and leave it to the point
 * reads. On a server the cache's size is the server's configuration.
 */
export const READER_SETTINGS = {
  use_uncompressed_cache: 1,
  merge_tree_max_rows_to_use_cache: 64 * 1024,
  merge_tree_max_bytes_to_use_cache: 32 * 1024 * 1024,
  /**
   * A read with FINAL filters by its sorting-key conditions (`id IN (...)`, `trace_id = ...`) while
   * it reads, before rows are merged: the engine moves only conditions over the sorting key, which
   * keep or drop every stored row of a key together, so the merged rows are the same; conditions
   * over other columns stay after the merge. Without it a point read merges every row of the
   * granules it reads and then keeps a few.
   */
  optimize_move_to_prewhere_if_final: 1,
  /**
   * Skip indexes under FINAL in their exact mode (the engine's defaults since 25.6, pinned: the
   * answers depend on them): the granules an index selects, and the ranges of other parts that
   * overlap their keys, so every stored row of a selected key is merged (clickhouse/0052).
   */
  use_skip_indexes_if_final: 1,
  use_skip_indexes_if_final_exact_mode: 1,
} as const;

/** Server settings as the `--name=value` arguments chDB passes to the engine it starts. */
function engineArguments(settings: Readonly<Record<string, number>>): string[] {
  return Object.entries(settings).map(([name, value]) => `--${name}=${value}`);
}

/**
 * How the engine's allocator gives memory back. libchdb carries its own jemalloc (its symbols
 * hidden, so it is not the process's malloc and glibc's `MALLOC_*` variables do not reach it),
 * built to keep the pages its threads free for 5 s (`dirty_decay_ms:5000`) and to purge them only
 * when an allocating thread gets to it. Under a write load the engine frees an insert's or a
 * merge's blocks every second, so up to 5 s of them stayed resident on top of what the engine
 * uses. Half a second, purged by jemalloc's own background threads (off the threads that insert,
 * merge and read), gives most of that back for a few percent of a sustained write load's rate
 * (pages faulted in again); purging at once (0) costs that load far more. Figures:
 * docs/decisions/0072-engine-allocator-decay.md.
 */
export const ENGINE_ALLOCATOR_CONF = 'dirty_decay_ms:500,background_thread:true';

/**
 * Sets `JE_MALLOC_CONF` (read by chDB's jemalloc when the library loads, over its built-in
 * options) unless the operator set it. Effective only before chDB is first loaded in the process:
 * `startEngine` calls it right before that import.
 */
export function configureEngineAllocator(env: NodeJS.ProcessEnv = process.env): void {
  env.JE_MALLOC_CONF ??= ENGINE_ALLOCATOR_CONF;
}

type EngineSession = { close(): void };

/**
 * Starts the embedded engine on `dir` with its allocator's decay, the memory bounds and the
 * merges' priority (priorities.ts), through a chDB session held for the life of the Db (closing
 * the first connection while others are open is what chDB supports, but a held one keeps the
 * start explicit). A no-op for the settings when the engine already runs in this process on that
 * directory.
 */
export async function startEngine(dir: string): Promise<EngineSession> {
  configureEngineAllocator();
  const { Session } = await import('chdb');
  return new Session(dir, {
    connectionArgs: engineArguments({ ...ENGINE_MEMORY_SETTINGS, ...ENGINE_PRIORITY_SETTINGS }),
  });
}
