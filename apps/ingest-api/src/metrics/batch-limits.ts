import type { MetricLimits } from '@spanhouse/config';
import { badRequest } from '@spanhouse/http';

/**
 * The bounds of one POST /v1/metrics/batch request (MetricLimits), checked as its points are read
 * by both of its paths (the scanner and the JSON.parse path) with the same words. The batch is all
 * or none, so a batch past either is a 400 and nothing of it is stored.
 */
export class BatchLimits {
  private readonly series = new Set<object>();

  constructor(private readonly limits: MetricLimits) {}

  /** Refuses a batch of more than the samples limit's points. */
  points(count: number): void {
    if (count > this.limits.samplesPerRequest) {
      throw badRequest(
        `metrics: more than ${this.limits.samplesPerRequest} points in one request (METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches`,
      );
    }
  }

  /** Counts a series the batch writes to (a KnownSeries entry); refuses the one past the series limit. */
  seriesOf(entry: object): void {
    this.series.add(entry);
    if (this.series.size > this.limits.seriesPerRequest) {
      throw badRequest(
        `metrics: more than ${this.limits.seriesPerRequest} series in one request (METRICS_MAX_SERIES_PER_REQUEST); send smaller batches`,
      );
    }
  }
}
