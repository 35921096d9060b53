/**
 * Counter-based randomness: every value is a pure function of (seed, stream, index), so trace i of a
 * data set is the same whether it is generated for the loader, for an ingest client or for a query
 * parameter, in any order and in any process.
 */

/** splitmix32-style finalizer on 32 bits. */
export function mix32(x: number): number {
  let h = x | 0;
  h = Math.imul(h ^ (h >>> 16), 0x21f0aaad);
  h = Math.imul(h ^ (h >>> 15), 0x735a2d97);
  return (h ^ (h >>> 15)) >>> 0;
}

/** A hash of several integers (seed, stream, index, ...) to 32 bits. */
export function hash32(...xs: number[]): number {
  let h = 0x9e3779b9;
  for (const x of xs) h = mix32(h ^ mix32(x + 0x7f4a7c15));
  return h;
}

/** A small sequential generator seeded from a hash: cheap for the many draws of one trace. */
export class Rng {
  private state: number;
  constructor(...seed: number[]) {
    this.state = hash32(...seed);
  }
  /** Uniform in [0, 2^32). */
  u32(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    return mix32(this.state);
  }
  /** Uniform in [0, 1). */
  float(): number {
    return this.u32() / 4294967296;
  }
  /** Uniform integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.float() * xs.length)] as T;
  }
  chance(p: number): boolean {
    return this.float() < p;
  }
  /** 8 hex digits. */
  hex8(): string {
    return this.u32().toString(16).padStart(8, '0');
  }
}
