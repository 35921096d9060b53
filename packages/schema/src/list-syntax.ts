/*
 * How a list of values is written in one text, wherever a person or a URL writes it: the web UI's
 * filter boxes and URL state, and the API's array query parameters (`tags`, `environment`) when a
 * value holds a comma. One syntax on both sides, so that what the UI sends the API reads alike.
 */

/** A list as scanned: its values, and what is wrong with its quotes if anything. */
export type ScannedList = { values: string[]; error?: string };

/**
 * Values separated by commas, spaces around them dropped; a value in double quotes is taken as
 * written, commas and spaces included (`""` in it is a quote), so a tag `eu, west` is written
 * `"eu, west"`. Blank values name nothing. A quote left open runs to the end, and text between a
 * closing quote and the next comma is dropped; both are reported in `error`.
 */
export function scanList(text: string): ScannedList {
  const values: string[] = [];
  let error: string | undefined;
  let i = 0;
  while (i <= text.length) {
    while (text[i] === ' ' || text[i] === '\t') i++;
    let value: string;
    if (text[i] === '"') {
      value = '';
      let closed = false;
      i++;
      while (i < text.length) {
        if (text[i] === '"' && text[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          closed = true;
          break;
        } else value += text[i++];
      }
      if (!closed) error ??= `the quote opening "${value}" is not closed`;
      const comma = text.indexOf(',', i);
      const end = comma === -1 ? text.length : comma;
      if (text.slice(i, end).trim() !== '') {
        error ??= `"${value}" in quotes is followed by "${text.slice(i, end).trim()}" before the next comma`;
      }
      i = end + 1;
    } else {
      const comma = text.indexOf(',', i);
      const end = comma === -1 ? text.length : comma;
      value = text.slice(i, end).trim();
      i = end + 1;
    }
    if (value !== '') values.push(value);
  }
  return error === undefined ? { values } : { values, error };
}

/** The values of a list (scanList), whatever its quotes. */
export const splitList = (text: string | undefined): string[] => scanList(text ?? '').values;

/** A list as splitList reads it back: values with a comma, a quote or spaces at an end in quotes. */
export function joinList(values: readonly string[], separator = ', '): string {
  return values.map((v) => (/[,"]/.test(v) || v.trim() !== v ? `"${v.replaceAll('"', '""')}"` : v)).join(separator);
}
