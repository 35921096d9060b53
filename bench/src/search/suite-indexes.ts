import { rmSync } from 'node:fs';
import path from 'node:path';
import { type Db, migrate, openDb, TABLES } from '@spanhouse/db';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { SEARCH_CJK, SEARCH_DOCUMENT, SEARCH_WORDS, unicodeWordText } from '@spanhouse/store';
import { DEFAULT_SPEC } from '../gen/traces.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { fmt, mib } from '../lib/stats.ts';
import { generate } from '../traces/load.ts';

/*
 * What each text index costs on insert and on disk (docs/decisions/0042): the observation pieces
 * of the generated data set (realistic conversations: Zipf English, some Russian and Japanese)
 * inserted again into copies of observation_pieces_v2 that differ only in their text indexes, the
 * same rows for each; a copy without any index is the baseline. The tokenizers the engine offers
 * (splitByNonAlpha, splitByString, ngrams) over the raw lowered document, the two indexes the
 * service uses (search-text.ts), and the same words with every text taken the long way (no ASCII
 * branch, as before docs/decisions/0063).
 */

type Variant = { name: string; indexes: string[] };

const lowered = `lowerUTF8(${SEARCH_DOCUMENT})`;
const VARIANTS: Variant[] = [
  { name: 'no text index', indexes: [] },
  {
    name: 'splitByNonAlpha on the lowered document',
    indexes: [`(${lowered}) TYPE text(tokenizer = 'splitByNonAlpha')`],
  },
  {
    name: "splitByString([' ']) on the lowered document",
    indexes: [`(${lowered}) TYPE text(tokenizer = splitByString([' ']))`],
  },
  { name: 'ngrams(2) on the lowered document', indexes: [`(${lowered}) TYPE text(tokenizer = ngrams(2))`] },
  { name: 'ngrams(3) on the lowered document', indexes: [`(${lowered}) TYPE text(tokenizer = ngrams(3))`] },
  {
    name: 'words, every text the long way (NFD, marks dropped, CJK and escapes out; splitByNonAlpha)',
    indexes: [`(${unicodeWordText(SEARCH_DOCUMENT)}) TYPE text(tokenizer = 'splitByNonAlpha')`],
  },
  {
    name: 'words as indexed (ASCII by the short branch; splitByNonAlpha)',
    indexes: [`(${SEARCH_WORDS}) TYPE text(tokenizer = 'splitByNonAlpha')`],
  },
  { name: 'CJK runs only, ngrams(2)', indexes: [`(${SEARCH_CJK}) TYPE text(tokenizer = ngrams(2))`] },
  {
    name: 'the service: words + CJK bigrams',
    indexes: [
      `(${SEARCH_WORDS}) TYPE text(tokenizer = 'splitByNonAlpha')`,
      `(${SEARCH_CJK}) TYPE text(tokenizer = ngrams(2))`,
    ],
  },
];

/** One part per insert, as the data set is built (and as the ingest writer's large inserts are). */
const ONE_PART = {
  min_insert_block_size_rows: '1000000000',
  min_insert_block_size_bytes: '8000000000',
  max_insert_block_size: '1000000000',
  max_insert_threads: '1',
} as const;

async function scalar(db: Db, query: string): Promise<number> {
  const rs = await db.writer.query({ query, format: 'JSONEachRow' });
  const [row] = (await rs.json()) as Record<string, string>[];
  return Number(Object.values(row ?? {})[0] ?? 0);
}

export async function searchIndexSuite(opts: BenchOptions): Promise<string> {
  const traces = opts.smoke ? 2_000 : 100_000;
  const dataDir = path.join(opts.dir, `search-indexes-${traces}`);
  rmSync(dataDir, { recursive: true, force: true });
  const db = await openDb({ dataDir, database: 'spanhouse', readers: 1 });
  const rows: string[][] = [];
  try {
    await migrate(db);
    await generate(db, { ...DEFAULT_SPEC, traces }, DEFAULT_PROJECT_ID, 0, traces);
    const source = TABLES.observationPieces;
    const pieces = await scalar(db, `SELECT count() FROM ${source}`);
    const textBytes = await scalar(db, `SELECT sum(length(${SEARCH_DOCUMENT})) FROM ${source}`);
    let baseline = 0;
    for (const [k, variant] of VARIANTS.entries()) {
      const name = `search_variant_${k}`;
      await db.writer.command({ query: `DROP TABLE IF EXISTS ${name}` });
      await db.writer.command({ query: `CREATE TABLE ${name} AS ${source}` });
      for (const index of ['observation_pieces_search_words', 'observation_pieces_search_cjk']) {
        await db.writer.command({ query: `ALTER TABLE ${name} DROP INDEX IF EXISTS ${index}` });
      }
      for (const [j, index] of variant.indexes.entries()) {
        await db.writer.command({ query: `ALTER TABLE ${name} ADD INDEX v${j} ${index}` });
      }
      // Best of two: the first insert warms the source's pages.
      let seconds = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 2; run++) {
        await db.writer.command({ query: `TRUNCATE TABLE ${name}` });
        const started = performance.now();
        await db.writer.command({
          query: `INSERT INTO ${name} SELECT * FROM ${source}`,
          clickhouse_settings: ONE_PART,
        });
        seconds = Math.min(seconds, (performance.now() - started) / 1000);
      }
      const indexBytes = await scalar(
        db,
        `SELECT sum(secondary_indices_compressed_bytes) FROM system.parts WHERE database = currentDatabase() AND table = '${name}' AND active`,
      );
      const tableBytes = await scalar(
        db,
        `SELECT sum(bytes_on_disk) FROM system.parts WHERE database = currentDatabase() AND table = '${name}' AND active`,
      );
      if (k === 0) baseline = seconds;
      log(`${variant.name}: ${fmt(seconds)} s, index ${mib(indexBytes)}`);
      rows.push([
        variant.name,
        fmt(seconds),
        k === 0 ? '1' : fmt(seconds / baseline),
        mib(indexBytes),
        fmt((indexBytes / textBytes) * 100),
        mib(tableBytes),
      ]);
      await db.writer.command({ query: `DROP TABLE ${name}` });
    }
    return [
      `### Text index cost (${fmt(traces)} traces: ${fmt(pieces)} observation pieces, ${mib(textBytes)} of searchable text)`,
      '',
      'Each row inserts the same pieces (INSERT ... SELECT, one part) into a copy of observation_pieces_v2 with only the named text indexes; best of two.',
      '',
      table(['text indexes', 'insert s', 'x no index', 'index on disk', 'index % of text', 'table on disk'], rows),
    ].join('\n');
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
