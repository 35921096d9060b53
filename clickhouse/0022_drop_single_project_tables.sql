-- The tables 0021 copied into the project-scoped ones, and their views: from here on nothing
-- reads or writes them. Views first, so no insert meets a view whose target is gone.
DROP VIEW IF EXISTS trace_day_writes_view;
DROP VIEW IF EXISTS score_times_view;
DROP VIEW IF EXISTS metric_minute_rollups_mv;
DROP TABLE IF EXISTS traces;
DROP TABLE IF EXISTS observation_pieces;
DROP TABLE IF EXISTS observation_traces;
DROP TABLE IF EXISTS scores;
DROP TABLE IF EXISTS score_times;
DROP TABLE IF EXISTS trace_day_writes;
DROP TABLE IF EXISTS metric_series;
DROP TABLE IF EXISTS metric_samples;
DROP TABLE IF EXISTS metric_nonfinite_samples;
DROP TABLE IF EXISTS metric_minute_rollups;
