import { ProjectParams } from '@spanhouse/db';
import { describe, expect, it } from 'vitest';
import { candidatesSql, labelsSql } from '../../src/metric-series/reader.ts';
import { bucketsRead } from '../../src/metrics/bucket-rows.ts';
import { groupSeries, indexGroups } from '../../src/metrics/groups.ts';
import type { MetricsQuery } from '../../src/metrics/params.ts';
import { presenceRead } from '../../src/metrics/presence.ts';
import { queryWindow } from '../../src/metrics/window.ts';

// What each read strategy sends to ClickHouse: the SQL text (whitespace folded) and its
// parameters. A change to a strategy shows here as a diff to review.

const START_US = Date.UTC(2026, 0, 1) * 1000;
const q: MetricsQuery = {
  name: 'cpu',
  // Half a minute into the first minute to 20 s into the eleventh: partial minutes at both ends.
  fromUs: START_US + 30e6,
  toUs: START_US + 10 * 60e6 + 20e6,
  labels: { region: 'eu' },
  step: '5m',
  agg: 'last',
};
const series = [
  { id: '11', labels: { host: 'a', region: 'eu' } },
  { id: '12', labels: { host: 'b', region: 'eu' } },
];

const fold = (sql: string) => sql.replace(/\s+/g, ' ').trim();

function sent(build: (p: ProjectParams) => string) {
  const p = new ProjectParams('p');
  return { sql: fold(build(p)), params: p.params };
}

/** A whole read (SQL, parameters, settings), as the query port receives it. */
const read = (r: { sql: string; params: object; settings: object }) => ({ ...r, sql: fold(r.sql) });

describe('series lookup', () => {
  it('filters labels by containment and counts every series of the metric, as ids', () => {
    expect(sent((p) => candidatesSql(q, p))).toMatchInlineSnapshot(`
      {
        "params": {
          "p0": "cpu",
          "p1": "region",
          "p2": "eu",
          "project": "p",
        },
        "sql": "SELECT toString(series_id) AS id, (SELECT count() FROM metric_series_v2 FINAL WHERE project_id = {project:String} AND name = {p0:String}) AS total FROM metric_series_v2 FINAL WHERE project_id = {project:String} AND name = {p0:String} AND mapContains(labels, {p1:String}) AND labels[{p1:String}] = {p2:String}",
      }
    `);
  });

  it('gives each series its group value with group_by, counting the series by a window', () => {
    expect(sent((p) => candidatesSql({ name: 'cpu', labels: {}, groupBy: 'host' }, p))).toMatchInlineSnapshot(`
      {
        "params": {
          "p0": "cpu",
          "p1": "host",
          "project": "p",
        },
        "sql": "SELECT toString(series_id) AS id, if(mapContains(labels, {p1:String}), labels[{p1:String}], '') AS value, count() OVER () AS total FROM metric_series_v2 FINAL WHERE project_id = {project:String} AND name = {p0:String}",
      }
    `);
  });

  it('reads the labels of a page of series by key', () => {
    expect(sent((p) => labelsSql('cpu', [11n, 12n], p))).toMatchInlineSnapshot(`
      {
        "params": {
          "p0": "cpu",
          "p1": [
            11n,
            12n,
          ],
          "project": "p",
        },
        "sql": "SELECT toString(series_id) AS id, labels FROM metric_series_v2 FINAL PREWHERE project_id = {project:String} AND name = {p0:String} AND series_id IN {p1:Array(UInt64)}",
      }
    `);
  });
});

describe('presence', () => {
  const index = indexGroups(groupSeries(series));
  const window = queryWindow(q);

  it('from the per-minute rows and the samples of the partial minutes', () => {
    expect(
      read(presenceRead('p', q, window, index.ids, { source: 'minute-rows', oneThread: true })),
    ).toMatchInlineSnapshot(`
      {
        "params": {
          "p0": "cpu",
          "p1": [
            11n,
            12n,
          ],
          "p2": 29453761,
          "p3": 29453770,
          "p4": "1767225630.000000",
          "p5": "1767225660.000000",
          "p6": "1767226200.000000",
          "p7": "1767226220.000000",
          "project": "p",
        },
        "settings": {
          "do_not_merge_across_partitions_select_final": 1,
          "max_threads": 1,
          "optimize_use_implicit_projections": 0,
        },
        "sql": "SELECT toString(series_id) AS id, toUnixTimestamp64Milli(max(lt)) AS latest FROM ( SELECT series_id, max(last_ts) AS lt FROM metric_minute_rollups_v2 WHERE project_id = {project:String} AND (dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0)) = 0 OR metric_minute_rollups_v2.minute >= toUInt32(intDiv(toUnixTimestamp64Micro((now64(6) - toIntervalDay(dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))))) + 59999999, 60000000))) AND (metric_minute_rollups_v2.series_id GLOBAL NOT IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) OR NOT (toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_minute_rollups_v2.written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN s AND e AND metric_minute_rollups_v2.written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_minute_rollups_v2.series_id))))) AND name = {p0:String} AND series_id IN {p1:Array(UInt64)} AND minute >= {p2:UInt32} AND minute < {p3:UInt32} GROUP BY series_id UNION ALL SELECT series_id, max(ts) AS lt FROM metric_samples_v2 WHERE project_id = {project:String} AND (dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0)) = 0 OR metric_samples_v2.ts >= (now64(6) - toIntervalDay(dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))))) AND (metric_samples_v2.series_id GLOBAL NOT IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) OR NOT (toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_samples_v2.written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN s AND e AND metric_samples_v2.written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_samples_v2.series_id))))) AND name = {p0:String} AND series_id IN {p1:Array(UInt64)} AND ((ts >= {p4:DateTime64(6, 'UTC')} AND ts < {p5:DateTime64(6, 'UTC')}) OR (ts >= {p6:DateTime64(6, 'UTC')} AND ts <= {p7:DateTime64(6, 'UTC')})) GROUP BY series_id) GROUP BY series_id",
      }
    `);
  });

  it('from the samples', () => {
    expect(
      read(presenceRead('p', q, window, undefined, { source: 'samples', oneThread: false })),
    ).toMatchInlineSnapshot(`
      {
        "params": {
          "p0": "cpu",
          "p1": "1767225630.000000",
          "p2": "1767226220.000000",
          "project": "p",
        },
        "settings": {
          "do_not_merge_across_partitions_select_final": 1,
          "optimize_use_implicit_projections": 0,
        },
        "sql": "SELECT toString(series_id) AS id, toUnixTimestamp64Milli(max(ts)) AS latest FROM metric_samples_v2 WHERE project_id = {project:String} AND (dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0)) = 0 OR metric_samples_v2.ts >= (now64(6) - toIntervalDay(dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))))) AND (metric_samples_v2.series_id GLOBAL NOT IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) OR NOT (toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_samples_v2.written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN s AND e AND metric_samples_v2.written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_samples_v2.series_id))))) AND name = {p0:String} AND ts >= {p1:DateTime64(6, 'UTC')} AND ts <= {p2:DateTime64(6, 'UTC')} GROUP BY series_id",
      }
    `);
  });
});

describe('buckets', () => {
  const window = queryWindow(q);
  const perSeries = {
    q,
    window,
    index: indexGroups(groupSeries(series)),
    ids: [11n, 12n],
    oneThread: true,
    perGroup: 1000,
  };
  const grouped = { ...perSeries, index: indexGroups(groupSeries(series, 'region')), oneThread: false };

  it('from the per-minute rows, one series per group', () => {
    expect(read(bucketsRead('p', 'minute-rows', perSeries))).toMatchInlineSnapshot(`
      {
        "params": {
          "p0": "cpu",
          "p1": [
            11n,
            12n,
          ],
          "p10": 5,
          "p11": 300,
          "p12": 1000,
          "p2": 29453761,
          "p3": 29453770,
          "p4": "1767225630.000000",
          "p5": "1767225660.000000",
          "p6": "1767226200.000000",
          "p7": "1767226220.000000",
          "p8": 300000000,
          "p9": 300,
          "project": "p",
        },
        "settings": {
          "do_not_merge_across_partitions_select_final": 1,
          "max_threads": 1,
          "optimize_use_implicit_projections": 0,
        },
        "sql": "SELECT toString(g) AS g, arraySlice(arrayReverseSort(groupArray(b)), 1, {p12:UInt32}) AS bs, arraySlice(arrayReverseSort((x, y) -> y, groupArray(v), groupArray(b)), 1, {p12:UInt32}) AS vs, count() AS total, max(latest) AS latest, sum(dirty) AS dirty FROM ( SELECT series_id AS g, b, argMax(lv, lt) AS v, toUnixTimestamp64Milli(max(lt)) AS latest, sum(dirty) AS dirty FROM ( SELECT series_id, toInt64(intDiv(minute, {p10:UInt32})) * {p11:Int64} AS b, lv, lt, toUInt64(r != bitCount(sec) OR redeleted) AS dirty FROM ( SELECT series_id, minute, rows AS r, seconds AS sec, sum AS s, min AS mn, max AS mx, last.2 AS lv, last_ts AS lt, (metric_minute_rollups_v2.series_id GLOBAL IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) AND (toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_minute_rollups_v2.first_written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN s AND e AND metric_minute_rollups_v2.first_written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_minute_rollups_v2.series_id))))) AS redeleted FROM metric_minute_rollups_v2 FINAL PREWHERE project_id = {project:String} AND (dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0)) = 0 OR metric_minute_rollups_v2.minute >= toUInt32(intDiv(toUnixTimestamp64Micro((now64(6) - toIntervalDay(dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))))) + 59999999, 60000000))) AND (metric_minute_rollups_v2.series_id GLOBAL NOT IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) OR NOT (toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_minute_rollups_v2.written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN s AND e AND metric_minute_rollups_v2.written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_minute_rollups_v2.series_id))))) AND name = {p0:String} AND series_id IN {p1:Array(UInt64)} AND minute >= {p2:UInt32} AND minute < {p3:UInt32}) UNION ALL SELECT series_id, intDiv(toUnixTimestamp64Micro(ts), {p8:Int64}) * {p9:Int64} AS b, argMax(value, ts) AS lv, max(ts) AS lt, toUInt64(0) AS dirty FROM metric_samples_v2 FINAL WHERE project_id = {project:String} AND (dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0)) = 0 OR metric_samples_v2.ts >= (now64(6) - toIntervalDay(dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))))) AND (metric_samples_v2.series_id GLOBAL NOT IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) OR NOT (toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_samples_v2.written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN s AND e AND metric_samples_v2.written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_samples_v2.series_id))))) AND name = {p0:String} AND series_id IN {p1:Array(UInt64)} AND ((ts >= {p4:DateTime64(6, 'UTC')} AND ts < {p5:DateTime64(6, 'UTC')}) OR (ts >= {p6:DateTime64(6, 'UTC')} AND ts <= {p7:DateTime64(6, 'UTC')})) GROUP BY series_id, b) GROUP BY g, b) GROUP BY g",
      }
    `);
  });

  it('from the per-minute rows, series mapped to groups with the tie-break of last', () => {
    expect(read(bucketsRead('p', 'minute-rows', grouped))).toMatchInlineSnapshot(`
      {
        "params": {
          "p0": [
            11n,
            12n,
          ],
          "p1": [
            0,
            0,
          ],
          "p10": "1767225630.000000",
          "p11": "1767225660.000000",
          "p12": "1767226200.000000",
          "p13": "1767226220.000000",
          "p14": 300000000,
          "p15": 300,
          "p16": 5,
          "p17": 300,
          "p18": 1000,
          "p2": 1,
          "p3": [
            11n,
            12n,
          ],
          "p4": [
            2,
            1,
          ],
          "p5": 0,
          "p6": "cpu",
          "p7": [
            11n,
            12n,
          ],
          "p8": 29453761,
          "p9": 29453770,
          "project": "p",
        },
        "settings": {
          "do_not_merge_across_partitions_select_final": 1,
          "optimize_use_implicit_projections": 0,
        },
        "sql": "SELECT toString(g) AS g, arraySlice(arrayReverseSort(groupArray(b)), 1, {p18:UInt32}) AS bs, arraySlice(arrayReverseSort((x, y) -> y, groupArray(v), groupArray(b)), 1, {p18:UInt32}) AS vs, count() AS total, max(latest) AS latest, sum(dirty) AS dirty FROM ( SELECT transform(series_id, {p0:Array(UInt64)}, {p1:Array(UInt32)}, toUInt32({p2:UInt32})) AS g, b, argMax(lv, (lt, transform(series_id, {p3:Array(UInt64)}, {p4:Array(UInt32)}, toUInt32({p5:UInt32})))) AS v, toUnixTimestamp64Milli(max(lt)) AS latest, sum(dirty) AS dirty FROM ( SELECT series_id, toInt64(intDiv(minute, {p16:UInt32})) * {p17:Int64} AS b, lv, lt, toUInt64(r != bitCount(sec) OR redeleted) AS dirty FROM ( SELECT series_id, minute, rows AS r, seconds AS sec, sum AS s, min AS mn, max AS mx, last.2 AS lv, last_ts AS lt, (metric_minute_rollups_v2.series_id GLOBAL IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) AND (toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_minute_rollups_v2.first_written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN s AND e AND metric_minute_rollups_v2.first_written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_minute_rollups_v2.series_id))))) AS redeleted FROM metric_minute_rollups_v2 FINAL PREWHERE project_id = {project:String} AND (dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0)) = 0 OR metric_minute_rollups_v2.minute >= toUInt32(intDiv(toUnixTimestamp64Micro((now64(6) - toIntervalDay(dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))))) + 59999999, 60000000))) AND (metric_minute_rollups_v2.series_id GLOBAL NOT IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) OR NOT (toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_minute_rollups_v2.written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_minute_rollups_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toInt64(metric_minute_rollups_v2.minute) * 60000000 BETWEEN s AND e AND metric_minute_rollups_v2.written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_minute_rollups_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_minute_rollups_v2.series_id))))) AND name = {p6:String} AND series_id IN {p7:Array(UInt64)} AND minute >= {p8:UInt32} AND minute < {p9:UInt32}) UNION ALL SELECT series_id, intDiv(toUnixTimestamp64Micro(ts), {p14:Int64}) * {p15:Int64} AS b, argMax(value, ts) AS lv, max(ts) AS lt, toUInt64(0) AS dirty FROM metric_samples_v2 FINAL WHERE project_id = {project:String} AND (dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0)) = 0 OR metric_samples_v2.ts >= (now64(6) - toIntervalDay(dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))))) AND (metric_samples_v2.series_id GLOBAL NOT IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) OR NOT (toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_samples_v2.written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN s AND e AND metric_samples_v2.written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_samples_v2.series_id))))) AND name = {p6:String} AND series_id IN {p7:Array(UInt64)} AND ((ts >= {p10:DateTime64(6, 'UTC')} AND ts < {p11:DateTime64(6, 'UTC')}) OR (ts >= {p12:DateTime64(6, 'UTC')} AND ts <= {p13:DateTime64(6, 'UTC')})) GROUP BY series_id, b) GROUP BY g, b) GROUP BY g",
      }
    `);
  });

  it('from the samples without FINAL, with the duplicate check', () => {
    expect(read(bucketsRead('p', 'samples', { ...perSeries, q: { ...q, agg: 'p99' } }))).toMatchInlineSnapshot(`
      {
        "params": {
          "p0": "cpu",
          "p1": [
            11n,
            12n,
          ],
          "p2": 300000000,
          "p3": 300,
          "p4": "1767225630.000000",
          "p5": "1767226220.000000",
          "p6": 1000,
          "project": "p",
        },
        "settings": {
          "do_not_merge_across_partitions_select_final": 1,
          "max_threads": 1,
          "optimize_use_implicit_projections": 0,
        },
        "sql": "SELECT toString(g) AS g, arraySlice(arrayReverseSort(groupArray(b)), 1, {p6:UInt32}) AS bs, arraySlice(arrayReverseSort((x, y) -> y, groupArray(v), groupArray(b)), 1, {p6:UInt32}) AS vs, count() AS total, max(latest) AS latest, sum(dirty) AS dirty FROM ( SELECT series_id AS g, intDiv(toUnixTimestamp64Micro(ts), {p2:Int64}) * {p3:Int64} AS b, quantileExactInclusive(0.99)(value) AS v, toUnixTimestamp64Milli(max(ts)) AS latest, toUInt64(count() != uniqExact(series_id + toUInt64(toUnixTimestamp64Micro(ts)))) AS dirty FROM metric_samples_v2 WHERE project_id = {project:String} AND (dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0)) = 0 OR metric_samples_v2.ts >= (now64(6) - toIntervalDay(dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))))) AND (metric_samples_v2.series_id GLOBAL NOT IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) OR NOT (toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_samples_v2.written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN s AND e AND metric_samples_v2.written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_samples_v2.series_id))))) AND name = {p0:String} AND series_id IN {p1:Array(UInt64)} AND ts >= {p4:DateTime64(6, 'UTC')} AND ts <= {p5:DateTime64(6, 'UTC')} GROUP BY g, b) GROUP BY g",
      }
    `);
  });

  it('from the samples with FINAL, for every series of the metric', () => {
    expect(
      read(bucketsRead('p', 'samples-final', { ...grouped, q: { ...q, agg: 'avg' }, ids: undefined })),
    ).toMatchInlineSnapshot(`
      {
        "params": {
          "p0": [
            11n,
            12n,
          ],
          "p1": [
            0,
            0,
          ],
          "p2": 1,
          "p3": "cpu",
          "p4": 300000000,
          "p5": 300,
          "p6": "1767225630.000000",
          "p7": "1767226220.000000",
          "p8": 1000,
          "project": "p",
        },
        "settings": {
          "do_not_merge_across_partitions_select_final": 1,
          "optimize_use_implicit_projections": 0,
        },
        "sql": "SELECT toString(g) AS g, arraySlice(arrayReverseSort(groupArray(b)), 1, {p8:UInt32}) AS bs, arraySlice(arrayReverseSort((x, y) -> y, groupArray(v), groupArray(b)), 1, {p8:UInt32}) AS vs, count() AS total, max(latest) AS latest, sum(dirty) AS dirty FROM ( SELECT transform(series_id, {p0:Array(UInt64)}, {p1:Array(UInt32)}, toUInt32({p2:UInt32})) AS g, intDiv(toUnixTimestamp64Micro(ts), {p4:Int64}) * {p5:Int64} AS b, avg(value) AS v, toUnixTimestamp64Milli(max(ts)) AS latest, toUInt64(0) AS dirty FROM metric_samples_v2 FINAL WHERE project_id = {project:String} AND (dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0)) = 0 OR metric_samples_v2.ts >= (now64(6) - toIntervalDay(dictGetOrDefault('project_retention', 'days', {project:String}, toUInt32(0))))) AND (metric_samples_v2.series_id GLOBAL NOT IN (SELECT series_id FROM series_deletions_v2 WHERE project_id = {project:String}) OR NOT (toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 1) AND tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 2) AND metric_samples_v2.written_us < tupleElement(dictGetOrDefault('series_deletion_ranges', ('first_us', 'last_us', 'last_deleted_us'), ({project:String}, metric_samples_v2.series_id), (toInt64(1), toInt64(0), toUInt64(0))), 3) AND arrayExists((s, e, d) -> toUnixTimestamp64Micro(metric_samples_v2.ts) BETWEEN s AND e AND metric_samples_v2.written_us < d, dictGet('series_deletion_ranges', 'starts', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'ends', ({project:String}, metric_samples_v2.series_id)), dictGet('series_deletion_ranges', 'deleted', ({project:String}, metric_samples_v2.series_id))))) AND name = {p3:String} AND ts >= {p6:DateTime64(6, 'UTC')} AND ts <= {p7:DateTime64(6, 'UTC')} GROUP BY g, b) GROUP BY g",
      }
    `);
  });
});
