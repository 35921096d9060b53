/**
 * Hands calls to a set of connections, at most `perConnection` at a time on each; calls beyond
 * that wait in arrival order for the first connection that frees up. Among the connections with
 * room, the one with the fewest calls in flight is taken.
 *
 * Why a bound on chDB: a chDB connection runs its queries one after another, but every call
 * handed to it holds a thread of libuv's pool while it waits its turn inside the engine. Calls
 * piled on one connection would take the whole pool, and everything else that runs there (the
 * ingest log's writes and syncs, gzip inflating) would wait behind them. One call per connection
 * keeps the engine's share of the pool at one thread per connection. A server connection (HTTP)
 * uses no pool thread and takes many calls at once (Infinity).
 */
export class Lanes<C> {
  private readonly inFlight: number[];
  private readonly waiting: ((index: number) => void)[] = [];

  constructor(
    private readonly connections: readonly C[],
    private readonly perConnection: number,
  ) {
    if (connections.length === 0) throw new Error('Lanes need at least one connection');
    this.inFlight = connections.map(() => 0);
  }

  /** Calls waiting for a connection now. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Runs `fn` on a connection once one has room. A call still waiting when `signal` aborts leaves
   * the queue and rejects with the signal's reason (a client gone, a deadline passed), so it
   * neither waits on nor takes a connection; a call already running is `fn`'s to stop.
   */
  async run<T>(fn: (connection: C) => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    const index = this.free() ?? (await this.wait(signal));
    try {
      return await fn(this.connections[index]!);
    } finally {
      this.release(index);
    }
  }

  /** Waits in arrival order for a connection; leaves the queue when `signal` aborts first. */
  private wait(signal: AbortSignal | undefined): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const take = (index: number) => {
        signal?.removeEventListener('abort', leave);
        resolve(index);
      };
      const leave = () => {
        const at = this.waiting.indexOf(take);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      this.waiting.push(take);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  /** Takes the least busy connection with room, or undefined when all are full. */
  private free(): number | undefined {
    let best: number | undefined;
    for (let i = 0; i < this.inFlight.length; i++) {
      if (this.inFlight[i]! >= this.perConnection) continue;
      if (best === undefined || this.inFlight[i]! < this.inFlight[best]!) best = i;
    }
    if (best !== undefined) this.inFlight[best]!++;
    return best;
  }

  private release(index: number): void {
    const next = this.waiting.shift();
    // The freed connection goes straight to the next waiter: its count stays as it is.
    if (next) next(index);
    else this.inFlight[index]!--;
  }
}
