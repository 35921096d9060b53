-- score_configs: Langfuse's score configs (docs/langfuse.md#score-configs), the schema a score
-- names by `configId`: its data type, a numeric range or the categories, archived or not. Few rows
-- per project (an evaluation pipeline's checks), written one at a time by the query process and
-- answered once stored, like the projects (0020); read by id when a score names a config, and
-- whole per project by the listing.
--
-- One row per version of a config; an update writes the next version (ReplacingMergeTree(version):
-- FINAL reads the latest). There is no deletion in Langfuse's API (a config is archived instead);
-- a deleted project's configs go with its other rows (PROJECT_TABLES).
-- ORDER BY (project_id, id): a project's configs are one key range, a config's versions one key.
-- min_value, max_value, description: NULL when not set, as Langfuse answers them.
-- categories: the JSON text of [{label, value}], '' for a config without categories.
-- Times in milliseconds, as the answers carry them.
CREATE TABLE IF NOT EXISTS score_configs
(
  project_id  String,
  id          String,
  name        String,
  data_type   LowCardinality(String),
  is_archived UInt8,
  min_value   Nullable(Float64),
  max_value   Nullable(Float64),
  categories  String,
  description Nullable(String),
  created_at  DateTime64(3, 'UTC'),
  updated_at  DateTime64(3, 'UTC'),
  version     UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (project_id, id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;
