/*
 * Go's Regexp.ExpandString, which label_replace applies to its replacement: `$$` is a `$`; `$name`
 * takes the longest run of letters, digits and `_` as the name (so `$1x` is the group named "1x",
 * which matches nothing), `${name}` ends at the brace; a name of ASCII digits without a leading zero
 * and below 1e9 is a group's number. A reference to a group that did not take part expands to ''; a
 * `$` not followed by a name stays as it is.
 */

/** A name's letters and digits as Go's unicode.IsLetter and unicode.IsDigit have them. */
const NAME = /^[\p{L}\p{Nd}_]+/u;
const BRACED = /^\{([\p{L}\p{Nd}_]+)\}/u;
const GROUP_NUMBER = /^(?:0|[1-9]\d{0,8})$/;

/**
 * The template expanded with a match's groups: `group(i)` the i-th group's text (null when it did
 * not take part), `named` the number of each named group.
 */
export function expandTemplate(
  template: string,
  group: (i: number) => string | null,
  named: Readonly<Record<string, number>>,
): string {
  let out = '';
  let i = 0;
  while (i < template.length) {
    const dollar = template.indexOf('$', i);
    if (dollar < 0) break;
    out += template.slice(i, dollar);
    i = dollar + 1;
    if (template[i] === '$') {
      out += '$';
      i++;
      continue;
    }
    const rest = template.slice(i);
    const braced = BRACED.exec(rest);
    const name = braced ? braced[1] : NAME.exec(rest)?.[0];
    if (name === undefined) {
      out += '$';
      continue;
    }
    i += braced ? braced[0].length : name.length;
    const n = GROUP_NUMBER.test(name) ? Number(name) : Object.hasOwn(named, name) ? named[name] : undefined;
    out += (n === undefined ? null : group(n)) ?? '';
  }
  return out + template.slice(i);
}
