import * as v from 'valibot';
import { One } from '../query-params.ts';
import { type ParsedTerm, parseSearch, SearchSyntaxError } from './terms.ts';

/** The `search` query parameter of the lists: its terms, or a 400 that says what is wrong with it. */
export const Search = v.pipe(
  One('search'),
  v.rawTransform(({ dataset, addIssue, NEVER }): ParsedTerm[] => {
    try {
      return parseSearch(dataset.value);
    } catch (err) {
      if (!(err instanceof SearchSyntaxError)) throw err;
      addIssue({ message: err.message });
      return NEVER;
    }
  }),
);
