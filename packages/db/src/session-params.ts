/**
 * Query parameters for chDB as `SET param_<name> = '<value>'` statements run before the query in
 * the same call, on the reader's own session.
 *
 * Why not chDB's own binding: its parameterized path is serialized process-wide (every
 * parameterized query of every connection waits for the one before it), so a slow read held up
 * every other read. A `SET param_*` statement sets the parameter in the session of the connection
 * that runs it, as `clickhouse-client --param_<name>` does, and the query is then an ordinary one
 * that runs beside the other connections' queries.
 *
 * The value is still a parameter, never part of the query text: the query names it as
 * `{name:Type}` and the engine parses the parameter string by that type (the Escaped text format,
 * as for parameters sent over HTTP). The parameter string is the one chDB's binding would have
 * sent (strings escaped for the Escaped format, numbers and composites as literals), carried as
 * a quoted string literal whose quotes and backslashes are escaped.
 */
export function withSessionParams(sql: string, params: Record<string, unknown>): string {
  const names = Object.keys(params);
  if (names.length === 0) return sql;
  const sets = names.map((name) => {
    if (!PARAM_NAME.test(name)) throw new Error(`not a parameter name: ${name}`);
    return `SET param_${name} = ${stringLiteral(paramString(params[name]))}`;
  });
  const text = `${sets.join(';\n')};\n${sql}`;
  // A parameter is now part of the statements' text, which the engine parses up to max_query_size
  // (256 KiB by default): a list of 100,000 series ids is larger. The limit is raised first, by a
  // statement of its own, for what follows.
  const bytes = Buffer.byteLength(text);
  return bytes < QUERY_SIZE_DEFAULT ? text : `SET max_query_size = ${bytes + 1024};\n${text}`;
}

/** ClickHouse's default max_query_size, with room to spare. */
const QUERY_SIZE_DEFAULT = 200 * 1024;

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Escapes of the Escaped (TabSeparated) text format, in which the engine parses a parameter. */
const ESCAPED_FORMAT: Record<string, string> = {
  '\\': '\\\\',
  '\0': '\\0',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
/** Escapes of a quoted string literal: the Escaped format's, and the quote that ends it. */
const LITERAL_ESCAPES: Record<string, string> = { ...ESCAPED_FORMAT, "'": "\\'" };

const SPECIAL = /[\\'\0\b\f\n\r\t]/g;

function escapeWith(s: string, table: Record<string, string>): string {
  return s.replace(SPECIAL, (ch) => table[ch] ?? ch);
}

export function stringLiteral(s: string): string {
  return `'${escapeWith(s, LITERAL_ESCAPES)}'`;
}

/** A value as its parameter string: a top-level string in the Escaped format, anything else as a literal. */
export function paramString(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return escapeWith(value, ESCAPED_FORMAT);
  if (value instanceof Date) return dateTime(value);
  return literal(value);
}

/** A value as a SQL literal, as it stands inside a composite parameter (`['a','b']`). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return number(value);
    case 'bigint':
      return value.toString();
    case 'string':
      return stringLiteral(value);
  }
  if (value instanceof Date) return stringLiteral(dateTime(value));
  if (Array.isArray(value)) return `[${value.map(literal).join(',')}]`;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    return `[${Array.from(value as unknown as ArrayLike<number | bigint>, literal).join(',')}]`;
  }
  if (value instanceof Map) return `{${[...value].map(([k, v]) => `${literal(k)}:${literal(v)}`).join(',')}}`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${stringLiteral(k)}:${literal(v)}`).join(',')}}`;
  }
  throw new Error(`cannot pass a ${typeof value} as a query parameter`);
}

function number(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`cannot pass the non-finite number ${n} as a query parameter`);
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) {
    throw new Error(`cannot pass ${n} as a query parameter exactly: beyond 2^53, pass a bigint`);
  }
  return String(n);
}

function dateTime(d: Date): string {
  if (Number.isNaN(d.getTime())) throw new Error('cannot pass an invalid Date as a query parameter');
  return d.toISOString().slice(0, 19).replace('T', ' ');
}
