-- Full-text search (docs/search.md, docs/decisions/0042-search-text-indexes.md): two text indexes
-- on each table whose rows hold text a person searches, over one document per row (its name,
-- input, output and metadata values):
--   *_search_words: the document made valid UTF-8 (an expression that throws would fail the
--     insert), lowered, accents removed (NFD, combining marks dropped), Chinese
--     and Japanese runs and JSON escapes made spaces, cut by splitByNonAlpha: a word of any script
--     written with spaces is one token;
--   *_search_cjk: only the document's Chinese and Japanese runs, cut into character bigrams
--     (ngrams(2)), so a word is found inside a sentence written without spaces.
-- The expressions were packages/store search-text.ts's SEARCH_WORDS and SEARCH_CJK, character for
-- character: a query must name the indexed expression for the engine to answer from the index.
-- 0050 rebuilt the observation pieces' two with an ASCII branch, which search-text.ts now spells.
-- Rows are indexed per part as they are inserted and merged; MATERIALIZE indexes the parts stored
-- before this migration (a background mutation; until it is done those parts are read in full).

ALTER TABLE traces_v2 ADD INDEX IF NOT EXISTS traces_search_words (lowerUTF8(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' ')))), '\\p{Mn}+', ''), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+|\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' '))) TYPE text(tokenizer = 'splitByNonAlpha');
ALTER TABLE traces_v2 ADD INDEX IF NOT EXISTS traces_search_cjk (arrayStringConcat(extractAll(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' ')), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+'), ' ')) TYPE text(tokenizer = ngrams(2));
ALTER TABLE observation_pieces_v2 ADD INDEX IF NOT EXISTS observation_pieces_search_words (lowerUTF8(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' ')))), '\\p{Mn}+', ''), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+|\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' '))) TYPE text(tokenizer = 'splitByNonAlpha');
ALTER TABLE observation_pieces_v2 ADD INDEX IF NOT EXISTS observation_pieces_search_cjk (arrayStringConcat(extractAll(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' ')), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+'), ' ')) TYPE text(tokenizer = ngrams(2));
ALTER TABLE traces_v2 MATERIALIZE INDEX traces_search_words;
ALTER TABLE traces_v2 MATERIALIZE INDEX traces_search_cjk;
ALTER TABLE observation_pieces_v2 MATERIALIZE INDEX observation_pieces_search_words;
ALTER TABLE observation_pieces_v2 MATERIALIZE INDEX observation_pieces_search_cjk;
