import type { MetricLimits } from '@spanhouse/config';
import { badRequest } from '@spanhouse/http';
import type { SeriesEntry } from './known-series.ts';

/** The last request mark handed out: each BatchLimits has its own. */
let lastMark = 0;

/**
 * The bounds of one POST /v1/metrics/batch request (MetricLimits), checked as its points are read
 * by both of its paths (the scanner and the JSON.parse path) with the same words. The batch is all
 * or none, so a batch past either is a 400 and nothing of it is stored.
 */
export class BatchLimits {
  /**
   * Series are counted by marking their shared entry with this request's mark rather than in a set
   * of the request's own: a property check per point instead of a hash. A batch is read in one
   * synchronous pass, so no other request re-marks an entry in between; if one did, the series
   * would only be counted twice, never missed.
   */
  private readonly mark = ++lastMark;
  private series = 0;

  constructor(private readonly limits: MetricLimits) {}

  /** Refuses a batch of more than the samples limit's points. */
  points(count: number): void {
    if (count > this.limits.samplesPerRequest) {
      throw badRequest(
        `metrics: more than ${this.limits.samplesPerRequest} points in one request (METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches`,
      );
    }
  }

  /** Counts a series the batch writes to; refuses the one past the series limit. */
  seriesOf(entry: SeriesEntry): void {
    if (entry.countedBy === this.mark) return;
    entry.countedBy = this.mark;
    if (++this.series > this.limits.seriesPerRequest) {
      throw badRequest(
        `metrics: more than ${this.limits.seriesPerRequest} series in one request (METRICS_MAX_SERIES_PER_REQUEST); send smaller batches`,
      );
    }
  }
}
