/**
 * Columns of fixed-width numbers decoded from ClickHouse's Native format, each concatenated over
 * the blocks into one typed array (aligned copies: a typed array view needs an offset that is a
 * multiple of its element size, which a block's column rarely is).
 */
export type NativeColumn = Uint8Array | Uint32Array | Float64Array | BigUint64Array | BigInt64Array;

const TYPES = {
  UInt8: { size: 1, make: (n: number) => new Uint8Array(n) },
  UInt32: { size: 4, make: (n: number) => new Uint32Array(n) },
  UInt64: { size: 8, make: (n: number) => new BigUint64Array(n) },
  Int64: { size: 8, make: (n: number) => new BigInt64Array(n) },
  Float64: { size: 8, make: (n: number) => new Float64Array(n) },
} as const;

type Block = { rows: number; columns: { name: string; type: keyof typeof TYPES; at: number }[] };

/**
 * The columns of a Native result, by name, with the row count. The result's columns must all be of
 * the fixed-width types above (what a caller asks for with casts in its SELECT); anything else is
 * an error, never a misread. Native's layout per block: varint column count, varint row count, then
 * per column its name and type (varint-prefixed strings) and its rows' values, little-endian.
 */
export function decodeNative(buf: Buffer): { rows: number; columns: Map<string, NativeColumn> } {
  let at = 0;
  const varint = () => {
    let n = 0;
    let shift = 0;
    for (;;) {
      if (at >= buf.length) throw new Error('Native: truncated');
      const b = buf[at++]!;
      n += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return n;
      shift += 7;
    }
  };
  const string = () => {
    const n = varint();
    const s = buf.toString('utf8', at, at + n);
    at += n;
    return s;
  };
  const blocks: Block[] = [];
  let rows = 0;
  while (at < buf.length) {
    const ncols = varint();
    const nrows = varint();
    const columns: Block['columns'] = [];
    for (let c = 0; c < ncols; c++) {
      const name = string();
      const type = string();
      if (!Object.hasOwn(TYPES, type)) throw new Error(`Native: column ${name} of type ${type} is not decoded here`);
      const t = type as keyof typeof TYPES;
      columns.push({ name, type: t, at });
      at += TYPES[t].size * nrows;
      if (at > buf.length) throw new Error('Native: truncated');
    }
    blocks.push({ rows: nrows, columns });
    rows += nrows;
  }
  const out = new Map<string, NativeColumn>();
  const first = blocks[0];
  if (!first) return { rows, columns: out };
  first.columns.forEach((col, c) => {
    const { size, make } = TYPES[col.type];
    const column = make(rows);
    const bytes = new Uint8Array(column.buffer);
    let row = 0;
    for (const b of blocks) {
      const bc = b.columns[c];
      if (bc?.name !== col.name || bc.type !== col.type) throw new Error('Native: blocks of different columns');
      bytes.set(buf.subarray(bc.at, bc.at + size * b.rows), size * row);
      row += b.rows;
    }
    out.set(col.name, column);
  });
  return { rows, columns: out };
}
