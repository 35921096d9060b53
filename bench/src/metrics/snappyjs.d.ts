declare module 'snappyjs' {
  /** Snappy block format (not the framed stream format). */
  export function compress<T extends ArrayBuffer | Uint8Array>(input: T): T;
  export function uncompress<T extends ArrayBuffer | Uint8Array>(input: T): T;
}
