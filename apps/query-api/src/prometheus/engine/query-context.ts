import { type Db, withReadTimeout } from '@spanhouse/db';
import type { Matcher } from '../ast.ts';
import { execution, PromApiError } from '../errors.ts';
import { type FoundSeries, findSeries } from '../series-lookup.ts';
import { type RawSeries, readPoints } from './raw-samples.ts';
import { SharedReads } from './shared-reads.ts';
import { compareLabels } from './values.ts';

/** Prometheus' default limits: --query.max-samples and --query.timeout. */
export type QueryLimits = { maxSamples: number; timeoutMs: number };
export const DEFAULT_LIMITS: QueryLimits = { maxSamples: 50_000_000, timeoutMs: 120_000 };

/** How long evaluation runs before it lets other requests' work run (ms of one turn of the event loop). */
const SLICE_MS = 10;

/**
 * What one query's evaluation shares: the database and the project it reads, its limits (samples
 * held, a deadline), the request's cancellation, and the reads of series and points, each done
 * once per query.
 */
export class QueryContext {
  private samples = 0;
  /** When this query last resumed running (after a yield or a read): its slice counts from there. */
  private resumed = performance.now();
  private readonly deadline: number;
  private readonly series = new Map<string, Promise<FoundSeries[]>>();
  private readonly points = new Map<string, Promise<RawSeries[]>>();
  /** Aborted by the request's cancellation or the timeout, for the reads in flight. */
  readonly signal: AbortSignal;
  /** Aborted when the timeout's timer fires. */
  private readonly timeout: AbortSignal;

  /** The database, its reads bounded by this query's timeout (the engine stops them there). */
  readonly db: Db;

  constructor(
    db: Db,
    readonly project: string,
    readonly limits: QueryLimits,
    private readonly requestSignal?: AbortSignal,
  ) {
    this.db = withReadTimeout(db, limits.timeoutMs);
    this.deadline = performance.now() + limits.timeoutMs;
    this.timeout = AbortSignal.timeout(limits.timeoutMs);
    this.signal = requestSignal ? AbortSignal.any([requestSignal, this.timeout]) : this.timeout;
  }

  /**
   * Counts `n` more samples held by this query; past the limit the query fails as Prometheus'
   * does. Counted: points read and points computed (Prometheus counts those held at once, so this
   * refuses a little earlier than it would).
   */
  addSamples(n: number): void {
    this.samples += n;
    if (this.samples > this.limits.maxSamples) {
      throw execution('query processing would load too many samples into memory in query execution');
    }
  }

  /**
   * Throws the timeout or cancellation error once either happened. A query whose timeout's timer
   * fired has timed out, whatever the clock says: timers count whole milliseconds of the event
   * loop's clock, so a timer can fire up to a millisecond before performance.now() reaches the
   * deadline, and the combined signal alone cannot tell it from the client's cancellation (which
   * alone is `canceled`).
   */
  check(): void {
    if (this.timeout.aborted || performance.now() > this.deadline)
      throw new PromApiError('timeout', 'query timed out in expression evaluation');
    if (this.requestSignal?.aborted) throw new PromApiError('canceled', 'query was canceled in expression evaluation');
  }

  /**
   * Yields to the event loop when this query has run for a slice: evaluation is JavaScript on
   * the main thread, and other requests (a dashboard's other panels) must not wait behind it.
   */
  async breathe(): Promise<void> {
    if (performance.now() - this.resumed < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.resumed = performance.now();
    this.check();
  }

  /**
   * `read`, with this query's slice starting again when it answers: waiting for ClickHouse is not
   * running, and a query that waited must not yield (and queue behind others) as soon as it resumes.
   */
  private async wait<T>(read: Promise<T>): Promise<T> {
    const value = await read;
    this.resumed = performance.now();
    return value;
  }

  /** A read of ClickHouse other than series and points (the SQL planner's), timed as wait() times. */
  read<T>(read: Promise<T>): Promise<T> {
    return this.wait(read);
  }

  /** The series a selector's matchers select, in label order (one lookup per matcher set). */
  findSeries(matchers: readonly Matcher[]): Promise<FoundSeries[]> {
    const key = matcherKey(matchers);
    let found = this.series.get(key);
    if (!found) {
      found = findSeries(this.db, this.project, matchers, { signal: this.signal }).then((s) =>
        s.sort((a, b) => compareLabels(a.labels, b.labels)),
      );
      this.series.set(key, found);
    }
    return this.wait(found);
  }

  /** The raw points of a selector's series in [fromMs, toMs], counted against the sample limit. */
  rawSeries(matchers: readonly Matcher[], fromMs: number, toMs: number): Promise<RawSeries[]> {
    const key = `${matcherKey(matchers)}\n${fromMs}\n${toMs}`;
    let read = this.points.get(key);
    if (!read) {
      read = sharedOf(this.db)
        .read(`${this.project}\n${key}`, this.signal, async (signal) => {
          const found = await findSeries(this.db, this.project, matchers, { signal });
          found.sort((a, b) => compareLabels(a.labels, b.labels));
          if (found.length === 0 || toMs < fromMs) return [];
          return readPoints(this.db, this.project, found, fromMs, toMs, signal);
        })
        .then((raw) => {
          this.addSamples(raw.reduce((n, s) => n + s.ts.length, 0));
          return raw;
        });
      this.points.set(key, read);
    }
    return this.wait(read);
  }
}

/**
 * The raw reads in flight of each database, shared by the queries running at once (a dashboard's
 * panels reading the same counters over the same range): see SharedReads. Their answers are
 * never mutated by the evaluator (it copies what it changes), so one answer serves every query.
 */
const SHARED = new WeakMap<Db, SharedReads<RawSeries[]>>();

function sharedOf(db: Db): SharedReads<RawSeries[]> {
  let shared = SHARED.get(db);
  if (!shared) {
    shared = new SharedReads();
    SHARED.set(db, shared);
  }
  return shared;
}

const matcherKey = (matchers: readonly Matcher[]) => JSON.stringify(matchers.map((m) => [m.name, m.op, m.value]));
