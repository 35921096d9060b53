import { type Db, pingDb } from '@spanhouse/db';
import type { ReadinessCheck } from '@spanhouse/http';
import type { Ingestor } from './buffer/ingestor.ts';

/**
 * Ready when ClickHouse answers and, for a process that ingests, the last insert did not fail:
 * a read-only disk still answers SELECT 1, but this instance cannot take data then.
 */
export function readiness(db: Db, ingestor?: Ingestor): ReadinessCheck {
  return async () => {
    await pingDb(db);
    if (ingestor?.unhealthy) return 'storage writes are failing; retrying';
    return undefined;
  };
}
