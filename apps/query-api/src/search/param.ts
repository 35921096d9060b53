import { type ParsedTerm, parseSearch, SearchSyntaxError } from '@spanhouse/schema';
import * as v from 'valibot';
import { One } from '../query-params.ts';

/**
 * The `search` query parameter of the lists: its terms, or a 400 that says what is wrong with it.
 * An empty (or blank) search is no search, as an empty filter box is.
 */
export const Search = v.pipe(
  One('search'),
  v.rawTransform(({ dataset, addIssue, NEVER }): ParsedTerm[] | undefined => {
    if (dataset.value.trim() === '') return undefined;
    try {
      return parseSearch(dataset.value);
    } catch (err) {
      if (!(err instanceof SearchSyntaxError)) throw err;
      addIssue({ message: err.message });
      return NEVER;
    }
  }),
);
