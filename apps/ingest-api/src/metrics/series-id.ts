import { createHash } from 'node:crypto';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';

/**
 * The canonical form of a series of a project: its name and its label pairs sorted by key (JS
 * string order), as JSON, preceded by the project unless it is the default one (whose series kept
 * the ids they had before projects, clickhouse/0021). JSON escapes every quote, backslash and
 * control character, so distinct series never share a form, whatever characters they hold, and
 * the default project's two-element form never equals another project's three-element one.
 */
export function canonicalSeries(project: string, name: string, labels: Record<string, string>): string {
  const keys = Object.keys(labels).sort();
  const pairs = keys.map((k) => [k, labels[k]]);
  return JSON.stringify(project === DEFAULT_PROJECT_ID ? [name, pairs] : [project, name, pairs]);
}

/**
 * Series id: the first 8 bytes of SHA-256 over the canonical form, as a decimal UInt64 string
 * (JSON numbers cannot carry 64 bits). Computed here, never in ClickHouse, so there is one
 * definition; a collision needs ~4 billion series for even odds. Two projects' series never share
 * an id, so nothing keyed by id alone (a cache, a shard) mixes them.
 */
export function seriesId(project: string, name: string, labels: Record<string, string>): string {
  return createHash('sha256')
    .update(canonicalSeries(project, name, labels))
    .digest()
    .readBigUInt64BE(0)
    .toString();
}
