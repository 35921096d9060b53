-- Projects and their API keys (docs/projects.md). Both are small tables that every process reads
-- whole every few seconds (the key ring: apps and packages/projects), so a key revoked or a
-- project deleted through one process is refused by all of them, in split and cluster mode too.
--
-- projects: one row per version of a project; an update or a delete writes the next version
-- (ReplacingMergeTree(version): FINAL reads the latest). A deleted project keeps its row with
-- deleted = 1, so that whatever reads this table by id (the key ring, a dictionary serving a
-- project's retention and deleted flag to TTL rules) tells a deleted project from an unknown one.
-- data_removed: the deleted project's rows have been deleted from the data tables.
-- retention_days: 0 keeps data forever. metadata: a JSON object's text.
CREATE TABLE IF NOT EXISTS projects
(
  id             String,
  name           String,
  metadata       String,
  retention_days UInt32,
  created_at     DateTime64(3, 'UTC'),
  deleted        UInt8,
  data_removed   UInt8,
  version        UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY id
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

-- api_keys: one row per version of a key; revoking writes the next version with deleted = 1.
-- The secret is never stored: secret_hash is the HMAC-SHA-256 of it under the instance's pepper
-- (hex), display_secret_key its first and last characters (Langfuse's displaySecretKey).
-- ORDER BY (project_id, id): a project's keys are one key range (the key listing).
CREATE TABLE IF NOT EXISTS api_keys
(
  project_id         String,
  id                 String,
  public_key         String,
  secret_hash        String,
  display_secret_key String,
  note               String,
  created_at         DateTime64(3, 'UTC'),
  deleted            UInt8,
  version            UInt64
)
ENGINE = ReplacingMergeTree(version)
ORDER BY (project_id, id)
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

-- api_key_uses: when each key was last used, written lazily (at most once a minute per key and
-- process) apart from api_keys, so a use never races a revocation for the latest version.
CREATE TABLE IF NOT EXISTS api_key_uses
(
  id           String,
  last_used_at SimpleAggregateFunction(max, DateTime64(3, 'UTC'))
)
ENGINE = AggregatingMergeTree
ORDER BY id
SETTINGS fsync_after_insert = 1, fsync_part_directory = 1, min_compressed_bytes_to_fsync_after_merge = 1;

-- The default project: the one the environment's key pair and the bearer token act on, which
-- holds every row stored before projects (0021). Version 1, so any change of it wins.
INSERT INTO projects (id, name, metadata, retention_days, created_at, deleted, data_removed, version)
SELECT 'spanhouse', 'spanhouse', '{}', 0, now64(3), 0, 0, 1
WHERE (SELECT count() FROM projects WHERE id = 'spanhouse') = 0;
