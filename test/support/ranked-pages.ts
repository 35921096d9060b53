/**
 * Pages (page, limit) of a list ranked from its newest stored rows (the trace and observation
 * lists by time): a first try whose candidates all belong to one key sent again, tries that double,
 * deep pages and a page past the end of a few dozen rows.
 */
export const RANKED_PAGES: readonly (readonly [page: number, limit: number])[] = [
  [1, 1],
  [1, 5],
  [4, 5],
  [7, 5],
  [1, 50],
  [3, 12],
];
