import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';

export type AdmissionOptions = {
  /** Bytes admitted requests may hold at once: their bodies as received, plus what gzip inflated. */
  maxBytes: number;
  /** A request is refused when the work already admitted is expected to take longer than this. */
  maxQueueMs: number;
  /**
   * Why requests are refused now for a reason past this process's own work (the store behind:
   * acknowledged rows waiting too long to become readable), or undefined to admit.
   */
  behind?: () => string | undefined;
  now?: () => number;
};

/** The rate estimate forgets with this time constant (ms). */
const RATE_MEMORY_MS = 1_000;
/**
 * The expected wait is trusted only after this long of continuous work and this many requests
 * finished in it: the rate at which work finishes is the service's capacity only while it is
 * saturated, not while it warms up or a burst arrives after a quiet spell.
 */
const TRUST_AFTER_MS = RATE_MEMORY_MS;
const TRUST_AFTER_FINISHED = 10;

/**
 * Admission control for ingest, decided when a request arrives, before its body is read: a
 * request is admitted while the bytes in flight (bodies being read, inflated or decoded, up to
 * their durable append) stay within `maxBytes`, and while the work already admitted is expected
 * to be done within `maxQueueMs` at the rate requests have been finishing. Otherwise it is refused
 * at once (429 + Retry-After), instead of queueing until clients time out and memory runs out;
 * so is every request while `behind` says the store does not keep up with what was admitted.
 * Bodies without a Content-Length are counted as they are read, and inflated bytes as they are
 * inflated: a request that grows past the budget on the way is refused then.
 */
export class Admission {
  private held = 0;
  /** Bytes per ms of admitted work finishing while some was in flight (undefined until measured). */
  private rate: number | undefined;
  private lastFinish = 0;
  /** When work last started after none was in flight, and how many requests finished since. */
  private busySince = 0;
  private finished = 0;
  private readonly now: () => number;
  private readonly turns: (() => void)[] = [];
  private turning = false;
  refused = 0;

  constructor(private readonly opts: AdmissionOptions) {
    this.now = opts.now ?? (() => performance.now());
  }

  /**
   * Resolves when an admitted request may run its CPU-bound work (decoding, mapping, encoding up to
   * its append): one request per turn of the event loop, in arrival order. Between two of them the
   * loop polls, so new arrivals are admitted or refused at once and reads are served, however many
   * admitted bodies are ready to decode; without it, every body completed in one poll is decoded
   * before the next poll. The caller's synchronous work right after the await is its turn.
   */
  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.turns.push(resolve);
      if (!this.turning) {
        this.turning = true;
        setImmediate(this.nextTurn);
      }
    });
  }

  // An immediate queued while immediates run fires in the next loop iteration, after its poll.
  private readonly nextTurn = (): void => {
    this.turns.shift()?.();
    if (this.turns.length > 0) setImmediate(this.nextTurn);
    else this.turning = false;
  };

  /** Bytes held by admitted requests now. */
  get heldBytes(): number {
    return this.held;
  }

  /** How long the work in flight is expected to take (ms), at the measured rate (0 until it is trusted). */
  expectedWaitMs(extraBytes = 0): number {
    if (this.rate === undefined || this.held === 0) return 0;
    if (this.finished < TRUST_AFTER_FINISHED || this.now() - this.busySince < TRUST_AFTER_MS) return 0;
    return (this.held + extraBytes) / this.rate;
  }

  /** A ticket for a request declaring `bytes` (0 when it declares none), or why it is refused. */
  admit(bytes: number): AdmissionTicket | string {
    const behind = this.opts.behind?.();
    if (behind !== undefined) {
      this.refused++;
      return behind;
    }
    if (this.held > 0 && this.held + bytes > this.opts.maxBytes) {
      this.refused++;
      return `ingest is at its limit of ${this.opts.maxBytes} bytes in flight`;
    }
    const wait = this.expectedWaitMs(bytes);
    if (wait > this.opts.maxQueueMs) {
      this.refused++;
      return `ingest is saturated: the requests in flight need about ${Math.round(wait)} ms`;
    }
    if (this.held === 0) {
      this.lastFinish = this.now();
      this.busySince = this.lastFinish;
      this.finished = 0;
    }
    this.held += bytes;
    return new AdmissionTicket(this, bytes);
  }

  /** @internal A ticket grows (false when that would pass the budget) or gives bytes back. */
  take(bytes: number): boolean {
    if (this.held + bytes > this.opts.maxBytes) return false;
    this.held += bytes;
    return true;
  }

  /** @internal `bytes` of admitted work finished (or was given back with `done` false). */
  give(bytes: number, done: boolean): void {
    this.held -= bytes;
    if (!done || bytes === 0) return;
    const now = this.now();
    const elapsed = Math.max(now - this.lastFinish, 0.001);
    const sample = bytes / elapsed;
    this.finished++;
    const weight = 1 - Math.exp(-elapsed / RATE_MEMORY_MS);
    this.rate = this.rate === undefined ? sample : this.rate + weight * (sample - this.rate);
    this.lastFinish = now;
  }
}

/** What one admitted request holds. Released once, when its rows are durable (or it failed). */
export class AdmissionTicket {
  private released = false;

  constructor(
    private readonly admission: Admission,
    private bytes: number,
  ) {}

  /** Holds at least `total` bytes; false when the budget cannot take them. */
  hold(total: number): boolean {
    if (this.released || total <= this.bytes) return true;
    if (!this.admission.take(total - this.bytes)) return false;
    this.bytes = total;
    return true;
  }

  /** Gives back what is held beyond `total` (a compressed body, once inflated). */
  shrinkTo(total: number): void {
    if (this.released || total >= this.bytes) return;
    this.admission.give(this.bytes - total, false);
    this.bytes = total;
  }

  /** This request's turn to run its CPU-bound work (see Admission.turn). */
  turn(): Promise<void> {
    return this.admission.turn();
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.admission.give(this.bytes, true);
  }
}

const TICKET = 'admission';

/**
 * Middleware: 413 for a declared body past `bodyLimit`, 429 + Retry-After for a request that
 * cannot be admitted, both before the body is read; otherwise the ticket is kept on the context
 * (see `admissionTicket`) and released when the request ends, if the handler did not release it
 * earlier.
 */
export function admit(admission: Admission, bodyLimit: number): MiddlewareHandler {
  return async (c, next) => {
    const length = Number(c.req.header('content-length'));
    const declared = Number.isSafeInteger(length) && length >= 0 ? length : 0;
    if (declared > bodyLimit) throw new ApiError('PAYLOAD_TOO_LARGE', `request body exceeds ${bodyLimit} bytes`);
    const ticket = admission.admit(declared);
    if (typeof ticket === 'string') throw new ApiError('TOO_MANY_REQUESTS', `${ticket}; retry later`, 1);
    c.set(TICKET as never, ticket as never);
    try {
      await next();
    } finally {
      ticket.release();
    }
  };
}

/** The admission ticket of this request, if an `admit` middleware gave it one. */
export function admissionTicket(c: Context): AdmissionTicket | undefined {
  return c.get(TICKET as never) as AdmissionTicket | undefined;
}
