/** A markdown table; the first row is the header. Numeric-looking columns align right. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = rows.map((r) => r.map(String));
  const right = header.map(
    (_, i) => cells.length > 0 && cells.every((r) => /^[-~<>≤≥]?[\d.,]+( ?[a-zA-Z/%×]*)?$|^n\/a$/.test(r[i] ?? '')),
  );
  const line = (r: string[]) => `| ${r.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (right[i] ? '---:' : '---'))), ...cells.map(line)].join('\n');
}
