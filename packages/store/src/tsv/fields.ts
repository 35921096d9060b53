// TabSeparated field helpers, beside LineBytes: every table ingest writes as TabSeparated (scores,
// observation lookups, series, tombstones, and the trace tables' text encoders) encodes its fields
// with these.

/**
 * A String field of a TabSeparated line. Most fields need no escape, which four `includes` find
 * out cheaply on long texts (the JSON IO and metadata). JSON text of IO often holds backslashes
 * (escaped quotes, newlines); chained `replaceAll`s escape it, backslash first so the escapes
 * added after it stay single.
 */
export function tsvField(s: string): string {
  return s.includes('\\') || s.includes('\t') || s.includes('\n') || s.includes('\r')
    ? s.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r')
    : s;
}

const TSV_ESCAPE = /\\(.)/g;
const TSV_UNESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', '\\': '\\' };

/** The string of a TabSeparated field tsvField wrote (its escapes undone). */
export function tsvValue(field: string): string {
  return field.includes('\\') ? field.replace(TSV_ESCAPE, (_, c: string) => TSV_UNESCAPES[c] ?? c) : field;
}

const QUOTE_SPECIAL_ALL = /[\\'\t\n\r\0]/g;
const QUOTE_ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\0': '\\0',
};

/** A string as a single-quoted ClickHouse literal (inside tuples, arrays, maps). */
export function quoted(s: string): string {
  const plain =
    !s.includes('\\') &&
    !s.includes("'") &&
    !s.includes('\t') &&
    !s.includes('\n') &&
    !s.includes('\r') &&
    !s.includes('\0');
  return plain ? `'${s}'` : `'${s.replace(QUOTE_SPECIAL_ALL, (c) => QUOTE_ESCAPES[c]!)}'`;
}
