/**
 * Trace ids a read by id recently did not find, per project. A client that polls for a trace it
 * has just sent (an SDK's read-after-write, a UI waiting for a run, a test) asks for the same
 * unknown id many times until the writer commits it; while the id is listed here, a read looks up
 * the trace's row alone first and reads its observations and scores only once the row exists,
 * instead of all three at once (two of them wasted while the trace is not there).
 *
 * Contract: `has` is a hint, never an answer. An id listed here is still read, so a trace
 * committed a moment ago is found at once; an entry lives at most `ttlMs`, and at most
 * `capacity` ids are kept (the oldest dropped first), so a scan of unknown ids costs bounded
 * memory.
 */
export class RecentMisses {
  readonly #until = new Map<string, number>();

  constructor(
    private readonly capacity = 10_000,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  has(project: string, id: string): boolean {
    const key = keyOf(project, id);
    const until = this.#until.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.#until.delete(key);
    return false;
  }

  add(project: string, id: string): void {
    const key = keyOf(project, id);
    // Re-inserted so that Map order stays oldest first.
    this.#until.delete(key);
    this.#until.set(key, this.now() + this.ttlMs);
    if (this.#until.size > this.capacity) this.#until.delete(this.#until.keys().next().value as string);
  }

  delete(project: string, id: string): void {
    this.#until.delete(keyOf(project, id));
  }

  get size(): number {
    return this.#until.size;
  }
}

function keyOf(project: string, id: string): string {
  return `${project}\u0000${id}`;
}
