-- The four word and CJK indexes of 0040 and 0047 over the same words, by a shorter branch for
-- ASCII text (packages/store search-text.ts, docs/decisions/0063-search-index-ascii-branch.md):
-- an all-ASCII document has no accents, marks, or Chinese and Japanese runs, so only its JSON
-- escapes are replaced and it is lowered byte by byte, the same tokens at a fraction of the cost
-- of every insert and merge. An index's expression cannot be changed in place: each is dropped
-- and added again, then MATERIALIZE rebuilds it for the parts already stored. Both mutations run
-- in the background (mutations_sync = 0: the engine's default waits for them, which held the
-- service's start for 9.5 minutes on a store of a million traces); until they are done a search
-- reads the parts not rebuilt yet in full.
-- The expressions are search-text.ts's, character for character.
ALTER TABLE observation_pieces_v2 DROP INDEX IF EXISTS observation_pieces_search_words SETTINGS mutations_sync = 0;
ALTER TABLE observation_pieces_v2 ADD INDEX IF NOT EXISTS observation_pieces_search_words (if(isValidASCII(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' '))), lower(replaceRegexpAll(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' ')), '\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' ')), lowerUTF8(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' ')))), '\\p{Mn}+', ''), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+|\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' ')))) TYPE text(tokenizer = 'splitByNonAlpha');
ALTER TABLE observation_pieces_v2 DROP INDEX IF EXISTS observation_pieces_search_cjk SETTINGS mutations_sync = 0;
ALTER TABLE observation_pieces_v2 ADD INDEX IF NOT EXISTS observation_pieces_search_cjk (if(isValidASCII(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' '))), '', arrayStringConcat(extractAll(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' ')), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+'), ' '))) TYPE text(tokenizer = ngrams(2));
ALTER TABLE trace_search_v2 DROP INDEX IF EXISTS trace_search_words SETTINGS mutations_sync = 0;
ALTER TABLE trace_search_v2 ADD INDEX IF NOT EXISTS trace_search_words (if(isValidASCII(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' ')), lower(replaceRegexpAll(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '), '\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' ')), lowerUTF8(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '))), '\\p{Mn}+', ''), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+|\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' ')))) TYPE text(tokenizer = 'splitByNonAlpha');
ALTER TABLE trace_search_v2 DROP INDEX IF EXISTS trace_search_cjk SETTINGS mutations_sync = 0;
ALTER TABLE trace_search_v2 ADD INDEX IF NOT EXISTS trace_search_cjk (if(isValidASCII(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' ')), '', arrayStringConcat(extractAll(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+'), ' '))) TYPE text(tokenizer = ngrams(2));
ALTER TABLE observation_pieces_v2 MATERIALIZE INDEX observation_pieces_search_words SETTINGS mutations_sync = 0;
ALTER TABLE observation_pieces_v2 MATERIALIZE INDEX observation_pieces_search_cjk SETTINGS mutations_sync = 0;
ALTER TABLE trace_search_v2 MATERIALIZE INDEX trace_search_words SETTINGS mutations_sync = 0;
ALTER TABLE trace_search_v2 MATERIALIZE INDEX trace_search_cjk SETTINGS mutations_sync = 0;
