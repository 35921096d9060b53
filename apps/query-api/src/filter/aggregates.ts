import type { ProjectParams } from '@spanhouse/db';
import { FIELD_KEYS, fieldExpr, fromProject, TABLES } from '@spanhouse/store';
import {
  type Column,
  column,
  custom,
  FilterError,
  numberCondition,
  optionsCondition,
  stringCondition,
  type Where,
} from './columns.ts';
import type { Condition } from './conditions.ts';

/*
 * Trace columns that are aggregates of other tables (Langfuse's trace list joins them): the level
 * of a trace's observations and their counts per level, and its scores by name. Each is a set of
 * trace ids computed from that table (one grouped read of the project's rows), so they cost a read
 * of every observation (score) of the project: no index serves them.
 */

const LEVELS = ['DEBUG', 'DEFAULT', 'WARNING', 'ERROR'] as const;
const LEVELS_SQL = `[${LEVELS.map((l) => `'${l}'`).join(', ')}]`;

/**
 * Per trace: the most severe level of its observations and the count at each level. With
 * `levels`, only the traces with a piece at one of them (read without FINAL, so a superset of the
 * traces with such an observation) are grouped, by key: a condition that needs an observation at
 * one of those levels reads every piece's level once, not the merge of every observation.
 */
const traceLevels = (p: ProjectParams, levels?: readonly string[]) => {
  const level = fieldExpr(FIELD_KEYS.level);
  const lvl = `if(${level} = '', 'DEFAULT', ${level})`;
  const pieces = (final: boolean) => fromProject(TABLES.observationPieces, p, { final });
  const candidates = levels
    ? ` AND trace_id IN (SELECT trace_id ${pieces(false)} AND ${lvl} IN ${p.add(levels, 'Array(String)')})`
    : '';
  return `(
    SELECT trace_id, ${LEVELS_SQL}[max(indexOf(${LEVELS_SQL}, lvl))] AS agg_level,
      countIf(lvl = 'ERROR') AS error_count, countIf(lvl = 'WARNING') AS warning_count,
      countIf(lvl = 'DEFAULT') AS default_count, countIf(lvl = 'DEBUG') AS debug_count
    FROM (SELECT trace_id, ${lvl} AS lvl ${pieces(true)}${candidates})
    GROUP BY trace_id)`;
};

/**
 * `id IN (traces of the set where cond)`, or, when a trace absent from the set (no observations,
 * no score) satisfies the condition too, `id NOT IN (traces of the set where not cond)`.
 */
const inSet = (set: string, cond: string, absentMatches: boolean) =>
  absentMatches
    ? `id NOT IN (SELECT trace_id FROM ${set} WHERE NOT (${cond}))`
    : `id IN (SELECT trace_id FROM ${set} WHERE ${cond})`;

const holdsAtZero = (operator: string, value: number) =>
  ({ '=': 0 === value, '>': 0 > value, '<': 0 < value, '>=': 0 >= value, '<=': 0 <= value })[operator] ?? false;

const NEGATIVE = new Set(['none of', 'does not contain', 'is null']);

/** The levels (of LEVELS) a level condition holds for. */
function levelsHolding(c: Condition): string[] {
  return LEVELS.filter((level) => {
    if (c.type === 'stringOptions') return c.value.includes(level) !== (c.operator === 'none of');
    if (c.type !== 'string') return true;
    const holds = {
      '=': level === c.value,
      contains: level.includes(c.value),
      'does not contain': !level.includes(c.value),
      'starts with': level.startsWith(c.value),
      'ends with': level.endsWith(c.value),
    }[c.operator as string];
    return holds ?? true;
  });
}

/** The trace's level: its observations' most severe (ERROR, WARNING, DEFAULT, DEBUG); none without observations. */
const traceLevel: Where = (c, p) => {
  const expr = 'agg_level';
  let cond: string;
  if (c.type === 'stringOptions') cond = optionsCondition(expr, c.operator, c.value, p);
  else if (c.type === 'string') cond = stringCondition(expr, c.operator, c.value, p);
  else if (c.type === 'null') cond = c.operator === 'is null' ? 'false' : 'true';
  else throw new FilterError(`type ${c.type} does not fit column level`);
  const absent = NEGATIVE.has(c.operator);
  // A trace whose level holds has an observation at that level: only those are grouped.
  return inSet(traceLevels(p, absent || c.type === 'null' ? undefined : levelsHolding(c)), cond, absent);
};

/** A count of the trace's observations at one level (0 without observations). */
const levelCount =
  (alias: string, level: string): Where =>
  (c, p) => {
    if (c.type !== 'number') throw new FilterError(`type ${c.type} does not fit a level count`);
    const atZero = holdsAtZero(c.operator, c.value);
    // A count that must be above 0 needs an observation at the level: only those traces are grouped.
    return inSet(traceLevels(p, atZero ? undefined : [level]), numberCondition(alias, c.operator, c.value, p), atZero);
  };

const scores = (p: ProjectParams, key: string, dataType: string) =>
  `${fromProject(TABLES.scores, p, { final: true })} AND name = ${p.add(key, 'String')} AND data_type = '${dataType}'`;

/** The average of the trace's numeric scores of a name (Langfuse's scores_avg); no score: no match. */
const scoreAverage: Where = (c: Condition, p) => {
  if (c.type !== 'numberObject') throw new FilterError(`type ${c.type} does not fit a numeric score column`);
  return `id IN (SELECT trace_id ${scores(p, c.key, 'NUMERIC')} GROUP BY trace_id HAVING ${numberCondition('avg(value)', c.operator, c.value, p)})`;
};

/** The trace's categorical scores of a name: `any of` a value holds one of them; `none of`, none. */
const scoreCategories: Where = (c, p) => {
  if (c.type !== 'categoryOptions') throw new FilterError(`type ${c.type} does not fit a categorical score column`);
  const holding = `SELECT trace_id ${scores(p, c.key, 'CATEGORICAL')} AND ${optionsCondition('string_value', 'any of', c.value, p)}`;
  return `id ${c.operator === 'none of' ? 'NOT IN' : 'IN'} (${holding})`;
};

/**
 * The trace's boolean scores of a name: `=` a value, one of them is it; `<>` a value, none of them
 * is it (so a trace without a score of that name matches too, as Langfuse documents).
 */
const scoreBooleans: Where = (c, p) => {
  if (c.type !== 'booleanObject') throw new FilterError(`type ${c.type} does not fit a boolean score column`);
  const holding = `SELECT trace_id ${scores(p, c.key, 'BOOLEAN')} AND value = ${p.add(c.value ? 1 : 0, 'Float64')}`;
  return `id ${c.operator === '<>' ? 'NOT IN' : 'IN'} (${holding})`;
};

/** The aggregate columns of the trace list, with Langfuse's ids and names. */
export const TRACE_AGGREGATES: Column[] = [
  column('level', 'Level', 'stringOptions', custom(traceLevel)),
  column('errorCount', 'Error Level Count', 'number', custom(levelCount('error_count', 'ERROR'))),
  column('warningCount', 'Warning Level Count', 'number', custom(levelCount('warning_count', 'WARNING'))),
  column('defaultCount', 'Default Level Count', 'number', custom(levelCount('default_count', 'DEFAULT'))),
  column('debugCount', 'Debug Level Count', 'number', custom(levelCount('debug_count', 'DEBUG'))),
  column('scores_avg', 'Scores (numeric)', 'numberObject', custom(scoreAverage), { aliases: ['scores', 'Scores'] }),
  column('score_categories', 'Scores (categorical)', 'categoryOptions', custom(scoreCategories)),
  column('score_booleans', 'Scores (boolean)', 'booleanObject', custom(scoreBooleans)),
];
