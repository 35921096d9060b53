-- A bloom filter over each stored row's user id, so that a list narrowed to one user (and every
-- read of a user's traces) reads the granules holding that user's rows instead of merging every
-- trace of the project under FINAL when the table is in several parts. Under FINAL the engine
-- uses a skip index in its exact mode (use_skip_indexes_if_final_exact_mode, pinned on the
-- readers): the ranges of other parts that overlap a selected granule's keys are read too, so every
-- piece of a selected trace is merged. A trace's user is one of its pieces' (the latest by
-- version), so a trace whose merged user is U has a stored row whose user is U, and its granule is
-- selected. One such index only: two indexed conditions met by different pieces of one trace (a
-- user in one piece, a session in a later one) would each skip the granule of the other.
-- MATERIALIZE builds it for the parts already stored, in the background (mutations_sync = 0, as
-- 0050); until then those parts are read in full.
ALTER TABLE traces_v2 ADD INDEX IF NOT EXISTS traces_user user_id.2 TYPE bloom_filter(0.01) GRANULARITY 1;
ALTER TABLE traces_v2 MATERIALIZE INDEX traces_user SETTINGS mutations_sync = 0;
