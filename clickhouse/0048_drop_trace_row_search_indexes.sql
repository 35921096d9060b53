-- The trace search reads trace_search_v2 (0047), whose documents hold each trace's own text as
-- well as its observations': nothing reads traces_v2's text indexes of 0040 any more, and every
-- insert of a trace piece would keep building them. observation_pieces_v2 keeps its own (the
-- observation list's search, one observation at a time).
ALTER TABLE traces_v2 DROP INDEX IF EXISTS traces_search_words;
ALTER TABLE traces_v2 DROP INDEX IF EXISTS traces_search_cjk;
