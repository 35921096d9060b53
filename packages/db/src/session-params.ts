import { formatQueryParams } from '@clickhouse/client-common';

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
 * `{name:Type}` and the engine parses the parameter string by that type. The parameter string is
 * the one the client sends a server over HTTP (formatQueryParams of @clickhouse/client-common), so
 * both modes parse the same text; here it is carried as a string literal whose quotes and
 * backslashes are escaped.
 */
export function withSessionParams(sql: string, params: Record<string, unknown>): string {
  const names = Object.keys(params);
  if (names.length === 0) return sql;
  const sets = names.map((name) => {
    if (!PARAM_NAME.test(name)) throw new Error(`not a parameter name: ${name}`);
    const text = formatQueryParams({ value: params[name], wrapStringInQuotes: false, printNullAsKeyword: false });
    return `SET param_${name} = '${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
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
