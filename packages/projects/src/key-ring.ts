import { type Db, queryRows } from '@spanhouse/db';
import {
  ALL_KEYS_SQL,
  type ApiKeyRow,
  decodeApiKey,
  decodeProject,
  PROJECTS_SQL,
  type ProjectRow,
} from '@spanhouse/store';
import type { Logger } from 'pino';

/** A key that authenticates: its project and the stored hash of its secret. */
export type ActiveKey = { id: string; projectId: string; publicKey: string; hash: Buffer };

/** How often every process reads the projects and keys tables again (docs/projects.md: revocation delay). */
export const REFRESH_MS = 5_000;

/**
 * Every project and every key, in memory, so a request is authenticated without a query: each
 * process reads both tables (small) at start and every REFRESH_MS, so a key revoked or a project
 * deleted through any process is refused by all of them within that time plus a read. A process's
 * own changes apply at once (put*). Rows are merged by version, so a read that started before a
 * change this process made never undoes it (a revoked key is never accepted again).
 * `fixed`: keys that are configuration, not rows (the environment's key pair).
 */
export class KeyRing {
  private readonly projects = new Map<string, ProjectRow>();
  private readonly keys = new Map<string, ApiKeyRow>();
  private byPublicKey = new Map<string, ActiveKey>();
  private readonly fixedKeys: Map<string, ActiveKey>;
  private timer: NodeJS.Timeout | undefined;
  private failing = false;

  constructor(private readonly opts: { db: Db; logger: Logger; fixed: ActiveKey[]; refreshMs?: number }) {
    this.fixedKeys = new Map(opts.fixed.map((k) => [k.publicKey, k]));
    this.index();
  }

  /** Reads both tables now; then every refreshMs until stop(). */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), this.opts.refreshMs ?? REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads both tables and merges them in. A failed read keeps what is known (and says so once). */
  async refresh(): Promise<void> {
    try {
      const [projects, keys] = await Promise.all([
        queryRows(this.opts.db, { sql: PROJECTS_SQL, tag: 'projects.ring', map: decodeProject }),
        queryRows(this.opts.db, { sql: ALL_KEYS_SQL, tag: 'projects.ring.keys', map: decodeApiKey }),
      ]);
      for (const p of projects) this.merge(this.projects, p);
      for (const k of keys) this.merge(this.keys, k);
      this.index();
      if (this.failing) this.opts.logger.info('projects and keys read again');
      this.failing = false;
    } catch (err) {
      if (!this.failing) this.opts.logger.warn({ err }, 'cannot read projects and keys; the ones known stay in use');
      this.failing = true;
      throw err;
    }
  }

  /** A project this process changed (created, updated, deleted). */
  putProject(row: ProjectRow): void {
    this.merge(this.projects, row);
    this.index();
  }

  /** A key this process created or revoked. */
  putKey(row: ApiKeyRow): void {
    this.merge(this.keys, row);
    this.index();
  }

  /** A project that exists and is not deleted. */
  project(id: string): ProjectRow | undefined {
    const p = this.projects.get(id);
    return p && !p.deleted ? p : undefined;
  }

  /** Every project, deleted ones included (for the removal of their data). */
  allProjects(): ProjectRow[] {
    return [...this.projects.values()];
  }

  /** The key a public key names, when it authenticates (not revoked, its project not deleted). */
  keyByPublicKey(publicKey: string): ActiveKey | undefined {
    return this.fixedKeys.get(publicKey) ?? this.byPublicKey.get(publicKey);
  }

  /** Whether the key `id` still authenticates (checked on every use of a cached verification). */
  isActive(key: ActiveKey): boolean {
    return this.keyByPublicKey(key.publicKey) === key;
  }

  private merge<T extends { id: string; version: number }>(map: Map<string, T>, row: T): void {
    const known = map.get(row.id);
    if (!known || known.version <= row.version) map.set(row.id, row);
  }

  /** The authenticating keys by public key: not revoked, of a project not deleted. */
  private index(): void {
    const next = new Map<string, ActiveKey>();
    for (const k of this.keys.values()) {
      if (k.deleted || !this.project(k.project_id) || this.fixedKeys.has(k.public_key)) continue;
      const known = this.byPublicKey.get(k.public_key);
      next.set(
        k.public_key,
        known?.id === k.id
          ? known
          : { id: k.id, projectId: k.project_id, publicKey: k.public_key, hash: Buffer.from(k.secret_hash, 'hex') },
      );
    }
    this.byPublicKey = next;
  }
}
