import { type Db, PROJECT_CONDITION, ProjectParams, queryRows } from '@spanhouse/db';
import { andAll, fromProject } from '@spanhouse/store';

/**
 * A list ordered by a time whose value for a merged row is among its stored rows' values or
 * between them (a trace's earliest time, an observation's latest-versioned start), read without
 * merging every row of the project (FINAL over all of them is most of a plain query's time).
 */
export type TimeOrderedList = {
  table: string;
  /**
   * Where the candidates are read (default: `table`): a table sorted by the time, with the key
   * columns and the time's columns, holding a row with each time any stored row of `table` has had.
   */
  candidates?: string;
  /** The time, over a stored row and over a merged row alike. */
  time: string;
  /** The key columns (String), in the order that breaks ties after the time. */
  key: readonly string[];
  /**
   * Ways of choosing candidates, each a list of conditions on stored rows. Contract, for each way
   * alone: every merged row the list holds has a stored row that meets its conditions and whose
   * time is at or ahead of the merged row's time in the list's order (a time range and a cursor's
   * time bound: the stored row with the merged row's time; a trace's tag in a list by time
   * descending: any row with the tag, since a trace's time is its rows' earliest).
   */
  candidateWays: (p: ProjectParams) => string[][];
  /** The list's conditions on merged rows (they include the candidate conditions' own checks). */
  conditions: (p: ProjectParams) => string[];
  /** Past this many rows to rank (offset + limit), undefined: the plain query pages instead. */
  maxRank: number;
  tag: string;
};

/**
 * The keys of one page (rows `offset` to `offset + limit` in time order, ties by key), each as its
 * key columns' values, or undefined when this cannot tell (the plain query answers).
 *
 * Candidates are the keys of the first `m` stored rows in the order asked that meet one way's
 * conditions (read without FINAL), ranked by their merged rows (point reads by key). A key of the
 * list with no stored row among those `m` has every stored row meeting the conditions at or behind
 * the m-th row's time T, and one of them at or ahead of its merged time (the ways' contract), so
 * its merged time is at or behind T: when the page's last row is strictly ahead of T, no other key
 * can take its place and the page is exact. Of several ways, the one whose m-th row lies furthest
 * behind is ranked: the fewest rows meet it, so the most of its candidates are likely in the list.
 * Otherwise m grows (at least doubling, more where few candidates were in the list), up to four
 * times the largest rank served; past that the plain query answers, without the tries it would
 * take to get there.
 */
export async function pageByRecentRows(
  db: Db,
  project: string,
  list: TimeOrderedList,
  desc: boolean,
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<string[][] | undefined> {
  const rank = offset + limit;
  if (rank > list.maxRank) return undefined;
  // A key is mostly one stored row once merged, a few before: start a little past the rank.
  for (let m = Math.ceil(1.25 * rank) + 50; m <= 4 * list.maxRank; ) {
    const ranked = await queryRows(db, {
      ...recentRankSql(project, list, desc, rank, m),
      tag: list.tag,
      map: (r) => ({ key: (r.list_key as unknown[]).map(String), ahead: Number(r.ahead) === 1, rows: Number(r.rows) }),
      signal,
    });
    // An empty ranking has no row to say how many rows there were: the plain query answers it.
    if (ranked.length === 0) return undefined;
    // Fewer rows than asked for: every row of the list was a candidate, the ranking is complete.
    if (ranked[0]!.rows < m || ranked[rank - 1]?.ahead) return ranked.slice(offset, rank).map((r) => r.key);
    m = nextCandidates(m, ranked.length, rank);
  }
  return undefined;
}

/**
 * How many candidates the next try reads after `m` of which `listed` were in the list (the
 * ranking stops at `rank`): twice as many, or as many as the share listed says `rank` needs, with
 * a quarter to spare.
 */
export function nextCandidates(m: number, listed: number, rank: number): number {
  return Math.max(2 * m, Math.ceil((1.25 * m * rank) / listed));
}

/**
 * One try of pageByRecentRows (pure: snapshot-tested), in one query (the ranking needs the
 * candidates first, so two reads could not run side by side): the candidates as a scalar (their
 * keys, the m-th row's time, how many rows there were) of the way whose rows are fewest (one with
 * fewer than `m` rows, else the one whose m-th row lies furthest behind), the first `rank` of them
 * by their merged rows, each with whether it is strictly ahead of that time.
 */
export function recentRankSql(project: string, list: TimeOrderedList, desc: boolean, rank: number, m: number) {
  const p = new ProjectParams(project);
  const dir = desc ? 'DESC' : 'ASC';
  const key = `[${list.key.join(', ')}]`;
  const keyTuple = list.key.length === 1 ? list.key[0]! : `(${list.key.join(', ')})`;
  // The primary key narrows the read by a has() of a key column among constants, not by a has()
  // of a tuple: the first key column's values come first (without them the tuple's has() read
  // every row of the project).
  const candidate =
    list.key.length === 1
      ? `has(candidates.1, ${keyTuple})`
      : `has(arrayMap(k -> k.1, candidates.1), ${list.key[0]}) AND has(candidates.1, ${keyTuple})`;
  const order = [`${list.time} ${dir}`, ...list.key.map((k) => `${k} ${dir}`)].join(', ');
  const limit = p.add(m, 'UInt32');
  const ways = list.candidateWays(p).map(
    (conditions) => `
            SELECT (groupArray(list_key_tuple), ${desc ? 'min' : 'max'}(list_time), count()) AS way
            FROM (
              SELECT ${keyTuple} AS list_key_tuple, ${list.time} AS list_time FROM ${list.candidates ?? list.table}
              WHERE ${PROJECT_CONDITION}${andAll(conditions)}
              ORDER BY list_time ${dir} LIMIT ${limit})`,
  );
  // One way is its own candidates; of several, a complete one first, else the m-th row furthest behind.
  const fewest = desc ? `argMin(way, (way.3 >= ${limit}, way.2))` : `argMax(way, (way.3 < ${limit}, way.2))`;
  const chosen = ways.length === 1 ? ways[0]! : `SELECT ${fewest} FROM (${ways.join(' UNION ALL ')})`;
  const sql = `
        WITH (${chosen}
        ) AS candidates
        SELECT ${key} AS list_key, ${list.time} ${desc ? '>' : '<'} candidates.2 AS ahead, candidates.3 AS rows
        ${fromProject(list.table, p, { final: true, filters: list.conditions(p) })} AND ${candidate}
        ORDER BY ${order} LIMIT ${p.add(rank, 'UInt32')}`;
  return { sql, params: p.params };
}
