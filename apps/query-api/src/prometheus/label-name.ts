/**
 * A label name as `/label/<name>/values` takes it: 2.42's form (`model.LabelNameRE`) with dots
 * besides, since OTLP attributes are stored by their dotted names (`service.name`).
 */
const PLAIN_LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_.]*$/;

/**
 * The label name a `/label/<name>/values` path names, or undefined when it names none.
 *
 * A name outside the legacy characters cannot travel in that path as is: Prometheus 3 and
 * Grafana's data source (its label browser, query builder and `label_values` variables) write it
 * in Prometheus' value-encoding escape, `U__` then `_` as `__` and every other character as
 * `_<hex code point>_` (`service.name` is `U__service_2e_name`), and Prometheus 3 reads it back
 * before anything else. Such a name may be any non-empty text, as the stored names are; a plain name
 * keeps 2.42's rule (with dots).
 */
export function labelNameOfPath(param: string): string | undefined {
  const unescaped = unescapeLabelName(param);
  if (unescaped !== param) return unescaped === '' ? undefined : unescaped;
  return PLAIN_LABEL_NAME.test(param) ? param : undefined;
}

/**
 * Prometheus' `model.UnescapeName(name, ValueEncodingEscaping)`: the name behind a `U__` escape,
 * or the text unchanged where it is no such escape or does not decode (an odd `_`, a code of
 * more than 5 hex digits, as Prometheus counts them, a surrogate or a code past U+10FFFF).
 */
export function unescapeLabelName(name: string): string {
  if (!name.startsWith('U__')) return name;
  const escaped = name.slice(3);
  let out = '';
  for (let i = 0; i < escaped.length; i++) {
    if (escaped[i] !== '_') {
      out += escaped[i];
      continue;
    }
    i++;
    if (i >= escaped.length) return name;
    if (escaped[i] === '_') {
      out += '_';
      continue;
    }
    const close = escaped.indexOf('_', i);
    const hex = close < 0 ? '' : escaped.slice(i, close);
    if (hex.length === 0 || hex.length > 5 || !/^[0-9a-fA-F]+$/.test(hex)) return name;
    const code = Number.parseInt(hex, 16);
    // Go's utf8.ValidRune: no surrogate halves, nothing past U+10FFFF.
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return name;
    out += String.fromCodePoint(code);
    i = close;
  }
  return out;
}
