/**
 * Reads shared by the queries in flight at once: a read asked for while the same one (same key)
 * is running joins it instead of running again (a single flight). Nothing is kept once a read
 * answers, so a later query reads again and sees every point written since; a query that joins a
 * running read sees what a read started a moment earlier sees, as any read under concurrent
 * writes does.
 *
 * The read runs with its own cancellation, aborted only when every query waiting for it has been
 * cancelled (or timed out): one dashboard panel closing does not fail the others sharing its read.
 */
export class SharedReads<T> {
  private readonly running = new Map<string, { answer: Promise<T>; waiting: number; controller: AbortController }>();

  /** The answer of `read(signal)` for `key`, joining a read of the same key in flight. */
  read(key: string, signal: AbortSignal, read: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (signal.aborted) return Promise.reject(signal.reason);
    let entry = this.running.get(key);
    if (!entry) {
      const controller = new AbortController();
      const created = { answer: read(controller.signal), waiting: 0, controller };
      const done = () => {
        if (this.running.get(key) === created) this.running.delete(key);
      };
      created.answer.then(done, done);
      this.running.set(key, created);
      entry = created;
    }
    const joined = entry;
    joined.waiting++;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        joined.waiting--;
        if (joined.waiting === 0) {
          joined.controller.abort(signal.reason);
          if (this.running.get(key) === joined) this.running.delete(key);
        }
        reject(signal.reason);
      };
      signal.addEventListener('abort', leave, { once: true });
      joined.answer.then(
        (value) => {
          signal.removeEventListener('abort', leave);
          joined.waiting--;
          resolve(value);
        },
        (err) => {
          signal.removeEventListener('abort', leave);
          joined.waiting--;
          reject(err);
        },
      );
    });
  }
}
