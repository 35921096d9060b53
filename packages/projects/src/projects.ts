import type { Db } from '@spanhouse/db';
import type { Authenticate, Credentials } from '@spanhouse/http';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import type { Logger } from 'pino';
import { createAuthenticate, ENV_KEY_ID } from './authenticate.ts';
import { DataRemoval } from './data-removal.ts';
import { KeyRing } from './key-ring.ts';
import { KeyUses } from './key-uses.ts';
import { ProjectRegistry } from './registry.ts';
import { setInstanceRetention } from './retention.ts';
import { RetentionSweeper } from './retention-sweeper.ts';
import { hashSecret, keyPepperOf } from './secrets.ts';

/** What a process holds of projects and keys: the credential check, the admin operations, and their upkeep. */
export type Projects = {
  authenticate: Authenticate;
  registry: ProjectRegistry;
  ring: KeyRing;
  /** Gives back the disk of rows past their retention (in the background; tests call sweep). */
  sweeper: RetentionSweeper;
  /** Stops the ring's refresh and the background work, and writes the pending last-used times. */
  close(): Promise<void>;
};

/**
 * Reads the projects and keys (the key ring) and starts keeping them current, with the credential
 * check every route and transport uses and the admin operations on top. Deleted projects whose
 * rows are still stored (a process stopped before their removal) have them removed again.
 */
export async function openProjects(opts: {
  db: Db;
  credentials: Credentials;
  logger: Logger;
  /** Cluster mode: the removal of a deleted project's rows runs ON CLUSTER. */
  cluster?: string;
  /** The instance's default retention in days (RETENTION_DAYS; undefined: forever), recorded for the server. */
  retentionDays?: number;
  /** false: no background retention sweeps (processes that only read; tests sweep by hand). */
  sweep?: boolean;
  /** Tests shorten these. */
  refreshMs?: number;
  removalDelayMs?: number;
  keyUsesFlushMs?: number;
}): Promise<Projects> {
  const { db, credentials } = opts;
  const logger = opts.logger.child({ module: 'projects' });
  const pepper = keyPepperOf(credentials);
  const fixed =
    credentials.publicKey && credentials.secretKey
      ? [
          {
            id: ENV_KEY_ID,
            projectId: DEFAULT_PROJECT_ID,
            publicKey: credentials.publicKey,
            hash: hashSecret(pepper, credentials.secretKey),
          },
        ]
      : [];
  await setInstanceRetention(db, opts.retentionDays);
  const ring = new KeyRing({ db, logger, fixed, refreshMs: opts.refreshMs });
  await ring.start();
  const uses = new KeyUses({ db, logger, flushMs: opts.keyUsesFlushMs });
  uses.start();
  let registry: ProjectRegistry | undefined;
  const removal: DataRemoval = new DataRemoval({
    db,
    logger,
    cluster: opts.cluster,
    delayMs: opts.removalDelayMs,
    done: async (id) => registry?.removed(id),
  });
  const sweeper = new RetentionSweeper({ db, logger, cluster: opts.cluster });
  if (opts.sweep !== false) sweeper.start();
  registry = new ProjectRegistry({
    db,
    ring,
    pepper,
    envPublicKey: credentials.publicKey,
    removal,
    retentionChanged: () => sweeper.later(),
  });
  for (const p of ring.allProjects()) if (p.deleted && !p.data_removed) removal.schedule(p.id);
  return {
    authenticate: createAuthenticate({
      bearerToken: credentials.bearerToken,
      ring,
      pepper,
      used: (id) => uses.used(id),
    }),
    registry,
    ring,
    sweeper,
    async close() {
      ring.stop();
      sweeper.stop();
      await removal.stop();
      await uses.stop();
    },
  };
}
