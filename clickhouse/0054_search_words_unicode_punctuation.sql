-- The word indexes of observation pieces and trace search documents (0050, 0051) read the
-- punctuation of every script and the spaces other than ASCII's as a space (packages/schema
-- search-terms.ts `punctuation`, packages/store search-text.ts): a word is found next to
-- ¿ ¡ ’ “ ” « » — … ، ؟ । or a no-break space as it is next to ASCII punctuation (`hola` in
-- "¡Hola!", `world` in "hello—world"). Only the branch of text that is not all ASCII changes; ASCII
-- text gets the same words as before. As in 0050, an index's expression cannot be changed in
-- place: each is dropped and added again, then MATERIALIZE rebuilds it for the parts already
-- stored in the background (mutations_sync = 0); until it is done a search reads the parts not
-- rebuilt yet in full.
-- The expressions are search-text.ts's, character for character.
ALTER TABLE observation_pieces_v2 DROP INDEX IF EXISTS observation_pieces_search_words SETTINGS mutations_sync = 0;
ALTER TABLE observation_pieces_v2 ADD INDEX IF NOT EXISTS observation_pieces_search_words (if(isValidASCII(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' '))), lower(replaceRegexpAll(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' ')), '\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' ')), lowerUTF8(replaceRegexpAll(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(concat(name.2, ' ', input.2, ' ', output.2, ' ', arrayStringConcat(arrayMap(x -> x.2, mapValues(metadata)), ' ')))), '\\p{Mn}+', ''), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+|\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' '), '[\\p{P}   -     　]+', ' ')))) TYPE text(tokenizer = 'splitByNonAlpha');
ALTER TABLE trace_search_v3 DROP INDEX IF EXISTS trace_search_words SETTINGS mutations_sync = 0;
ALTER TABLE trace_search_v3 ADD INDEX IF NOT EXISTS trace_search_words (if(isValidASCII(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' ')), lower(replaceRegexpAll(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '), '\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' ')), lowerUTF8(replaceRegexpAll(replaceRegexpAll(replaceRegexpAll(normalizeUTF8NFD(toValidUTF8(arrayStringConcat(arrayMap(x -> x.2, mapValues(texts)), ' '))), '\\p{Mn}+', ''), '[\\p{Han}\\p{Hiragana}\\p{Katakana}ー々〆ヶ]+|\\\\(?:[nrtbf"\\\\/]|u[0-9a-fA-F]{4})', ' '), '[\\p{P}   -     　]+', ' ')))) TYPE text(tokenizer = 'splitByNonAlpha');
ALTER TABLE observation_pieces_v2 MATERIALIZE INDEX observation_pieces_search_words SETTINGS mutations_sync = 0;
ALTER TABLE trace_search_v3 MATERIALIZE INDEX trace_search_words SETTINGS mutations_sync = 0;
