import { quoted } from './tsv/fields.ts';

/*
 * The versioned-value convention of the tables that merge pieces (traces, observation_pieces):
 * a field is stored as a (version, value) tuple and merged by max(), so the value with the
 * highest version wins whatever order pieces arrive or merge in (clickhouse/0001, 0007). A value
 * the sender did not give is written with version 0 and an empty value, so it never beats a real
 * one. Writers build tuples with `versioned`; readers take the merged value with `latest` and
 * whether it was ever given with `given`. No other module spells the tuple's `.1` or `.2`.
 */

/** (version, value): the latest non-empty value wins the max(); empty values carry version 0. */
export type Versioned<T> = [number, T];

/** Version of a value never given: loses to every real one. */
export const NEVER_GIVEN = 0;

/** Version of a value the sender did not give (an update's start): any real value beats it. */
export const WEAK_VERSION = 1;

/**
 * Version of a value a sender implied rather than sent (an OTLP root span's name and IO for its
 * trace), given the time in microseconds of what implied it: above WEAK_VERSION and ordered by that
 * time in milliseconds, so the later of two implied values wins (Langfuse: the later-starting
 * root's trace event), and far below every arrival version (nextVersion, microseconds of now), so
 * any value a sender gave wins over it.
 */
export const impliedVersion = (atUs: number) => WEAK_VERSION + 1 + Math.max(0, Math.floor(atUs / 1000));

/** (version, value) for a scalar: an empty value never wins the max(). */
export function versioned(value: string | undefined, version: number): Versioned<string> {
  return value ? [version, value] : [NEVER_GIVEN, ''];
}

let lastVersion = 0;
/**
 * Ingest version: microseconds of arrival, strictly increasing within the process, so "later
 * wins" follows arrival order. Empty fields use version 0 so they never beat a real value.
 */
export function nextVersion(now = Date.now()): number {
  lastVersion = Math.max(now * 1000, lastVersion + 1);
  return lastVersion;
}

/** A (version, text) tuple in ClickHouse literal syntax (TabSeparated composite field). */
export const versionedText = (v: Versioned<string>) => `(${v[0]},${quoted(v[1])})`;
/** A (version, number) tuple in ClickHouse literal syntax. */
export const versionedNumberText = (v: Versioned<number>) => `(${v[0]},${String(v[1])})`;

/** SQL: the merged value of a versioned column (or of a tuple expression whose first element is its version). */
export const latest = (column: string) => `${column}.2`;
/** SQL: element `n` (1-based) of a versioned tuple that carries more than one value (a model and its prices). */
export const element = (column: string, n: number) => `${column}.${n}`;
/** SQL: whether a versioned column was ever given a value. */
export const given = (column: string) => `${column}.1 > 0`;
/** SQL: whether a versioned column was never given a value. */
export const neverGiven = (column: string) => `${column}.1 = 0`;
/** SQL: a map of versioned values as a map of their merged values. */
export const latestOfEach = (mapColumn: string) => `mapApply((k, v) -> (k, v.2), ${mapColumn})`;
/** SQL: the values of a map of versioned tuples, element `n` of each, as an array. */
export const elementsOf = (mapColumn: string, n: number) => `arrayMap(x -> x.${n}, mapValues(${mapColumn}))`;
