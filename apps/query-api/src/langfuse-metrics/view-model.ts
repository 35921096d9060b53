import type { ProjectParams } from '@spanhouse/db';
import type { ColumnType } from '../filter/columns.ts';

/*
 * What a view of Langfuse's Metrics API v1 is (views.ts, score-views.ts): its dimensions and
 * measures by Langfuse's names, and the SQL of its rows, one per trace, observation or score, each
 * dimension and measure a named column, which the query (query.ts) filters, groups and aggregates.
 * Every column of a row is `c_<name>`, so that a row column never shadows a stored column of the
 * same name inside the row's own expressions.
 */

export type Dimension = {
  /** The filter's column type (filter/columns.ts). */
  type: ColumnType;
  /** `datetime` columns hold a DateTime64 in UTC. */
  time?: true;
};

export type Measure = {
  /** USD sums are rounded as every cost sum is shown. */
  usd?: true;
};

export type View = {
  dimensions: Record<string, Dimension>;
  measures: Record<string, Measure>;
  /**
   * SQL of the view's rows, each a `c_<name>` column per dimension and measure and `c_time` (the
   * time the window and the time dimension apply to), those of [fromUs, toUs] only. `used` names
   * the dimensions and measures the query reads (asked, filtered on): a view may leave out the
   * others, and what it joins only for them (the score views, as Langfuse's relation tables).
   */
  rows: (p: ProjectParams, fromUs: number, toUs: number, used: ReadonlySet<string>) => string;
};

/** The row column of a dimension, measure or the time. */
export const rowColumn = (name: string) => `c_${name}`;

export const text: Dimension = { type: 'string' };
export const options: Dimension = { type: 'stringOptions' };
export const tags: Dimension = { type: 'arrayOptions' };
export const at: Dimension = { type: 'datetime', time: true };

export const micros = (p: ProjectParams, us: number) => `fromUnixTimestamp64Micro(${p.add(us, 'Int64')}, 'UTC')`;
export const select = (columns: Record<string, string>) =>
  Object.entries(columns)
    .map(([name, sql]) => `${sql} AS ${rowColumn(name)}`)
    .join(',\n        ');
