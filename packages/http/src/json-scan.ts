/*
 * Measures of JSON text taken without parsing it, to refuse a body before JSON.parse spends what
 * it would. Strings and their escapes are skipped, so brackets and commas inside them do not
 * count. Text that is not JSON (an unterminated string) is measured as far as it goes; its parse
 * refuses it after.
 */

/**
 * The deepest nesting of arrays and objects in JSON text. JSON.parse takes 20,000 levels, but
 * JSON.stringify and recursive validation of such a value overflow the stack: a request must be
 * refused before that.
 *
 * Runs on every JSON body before its parse, whose text is mostly inside strings (inputs, outputs,
 * ids): a string is crossed with `indexOf` to its closing quote (the first one not escaped by an
 * odd run of backslashes) instead of a character at a time.
 */
export function jsonDepth(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = closingQuote(text, i);
      if (i < 0) return max;
    } else if (c === 123 || c === 91) {
      if (++depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/**
 * The items of JSON text, counted without parsing: every object and array, and every comma
 * between two members or elements. That is the values the text holds, give or take one per
 * object or array (an empty one counts once, a non-empty one with n values counts n): a bound on
 * what JSON.parse would allocate, where the text's length is none (`{},` is 3 bytes and an
 * object of its own once parsed; `0,` is 2 bytes and a slot of 8 in its array). Stops counting
 * once past `stopAbove`.
 *
 * Strings are crossed as jsonDepth crosses them, so most of a body's text is not looked at one
 * character at a time.
 */
export function jsonItems(text: string, stopAbove = Number.POSITIVE_INFINITY): number {
  let items = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = closingQuote(text, i);
      if (i < 0) return items;
    } else if (c === 123 || c === 91 || c === 44) {
      if (++items > stopAbove) return items;
    }
  }
  return items;
}

/** The index of the quote closing the string opened at `open`, or -1 when none does. */
function closingQuote(text: string, open: number): number {
  let from = open + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    // The backslashes right before it: an odd run escapes it. The run cannot reach past `from`,
    // which follows a quote.
    let before = quote - 1;
    while (text.charCodeAt(before) === 92) before--;
    if ((quote - 1 - before) % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** Nesting allowed in request bodies: far beyond any real trace, metadata or OTLP attribute. */
export const MAX_JSON_DEPTH = 128;

/**
 * Values (jsonItems) allowed in a JSON request body other than OTLP's, which is bounded per its
 * protobuf budget. `{},` is 3 bytes and an object once parsed, and every event of an ingestion
 * batch is checked and answered on its own, so a gzip body of kilobytes inflated to the
 * decompressed limit could otherwise hold tens of millions of them. Real batches (traces with
 * their observations, chat messages as inputs and outputs) spend tens of bytes of text per value,
 * so this leaves room for bodies of tens of megabytes of them.
 */
export const MAX_JSON_ITEMS = 1_000_000;
