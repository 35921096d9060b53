import { randomUUID } from 'node:crypto';
import { type Db, ParamBuilder, queryRows, TABLES } from '@spanhouse/db';
import { ApiError } from '@spanhouse/http';
import {
  type ApiKeyBody,
  type ApiKeyResponse,
  type ApiKeySummary,
  DEFAULT_PROJECT_ID,
  ORGANIZATION,
  type ProjectBody,
  type ProjectOutput,
} from '@spanhouse/schema';
import {
  type ApiKeyRow,
  apiKeyInsertRow,
  decodeApiKey,
  keyUsesSql,
  msIso,
  nextVersion,
  type ProjectRow,
  parseJsonText,
  projectInsertRow,
  projectKeysSql,
} from '@spanhouse/store';
import type { DataRemoval } from './data-removal.ts';
import type { KeyRing } from './key-ring.ts';
import { reloadRetention } from './retention.ts';
import { displaySecretKey, generateKeyPair, hashSecret } from './secrets.ts';

/** A project as Langfuse's admin API answers it: retentionDays only when one is set. */
export function projectOutput(p: ProjectRow): ProjectOutput {
  const metadata = parseJsonText(p.metadata);
  return {
    id: p.id,
    name: p.name,
    organization: { ...ORGANIZATION },
    metadata:
      metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {},
    ...(p.retention_days ? { retentionDays: p.retention_days } : {}),
  };
}

const notFound = (id: string) => new ApiError('NOT_FOUND', `project ${id} not found`);

/**
 * The admin operations on projects and keys (Langfuse's admin API, docs/projects.md). Each change
 * is a new version of its row, written through the writer connection and answered once stored,
 * then applied to this process's key ring at once; other processes see it at their next read of
 * the tables (KeyRing). Every change first reads the tables again, so it checks names and keys
 * against what every process wrote.
 *
 * The changes of one process run one at a time. Each checks what is stored (a name or a public key
 * free, the project there) and then writes, with a read and an insert in between: run side by
 * side, two requests for one name or one public key would both pass the check and both be stored
 * (two keys of one public key, one of which never authenticates), and a key created while its
 * project is being deleted would escape the revocation. Two processes answering the admin API at
 * the same moment can still race (ClickHouse has no unique constraint; docs/projects.md).
 */
export class ProjectRegistry {
  /** The tail of the queue of changes (see the class comment); it never rejects. */
  private changes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly opts: {
      db: Db;
      ring: KeyRing;
      pepper: Buffer;
      /** The environment's public key: no stored key may take it. */
      envPublicKey?: string;
      removal: DataRemoval;
      /** A project's retention changed (its older rows' disk is to be given back). */
      retentionChanged?: () => void;
    },
  ) {}

  /** Projects not deleted, oldest first. */
  list(): ProjectRow[] {
    return this.opts.ring
      .allProjects()
      .filter((p) => !p.deleted)
      .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
  }

  /** A project not deleted, or undefined. */
  get(id: string): ProjectRow | undefined {
    return this.opts.ring.project(id);
  }

  /** Runs `change` once every change queued before it has finished. */
  private inTurn<T>(change: () => Promise<T>): Promise<T> {
    const run = this.changes.then(change);
    this.changes = run.catch(() => undefined);
    return run;
  }

  create(body: ProjectBody): Promise<ProjectRow> {
    return this.inTurn(() => this.createNow(body));
  }

  private async createNow(body: ProjectBody): Promise<ProjectRow> {
    await this.opts.ring.refresh();
    this.checkName(body.name);
    const row: ProjectRow = {
      id: randomUUID(),
      name: body.name,
      metadata: JSON.stringify(body.metadata ?? {}),
      retention_days: body.retention ?? 0,
      created_at: Date.now(),
      deleted: 0,
      data_removed: 0,
      version: nextVersion(),
    };
    await this.writeProject(row);
    return row;
  }

  /** Name, and metadata and retention when given (Langfuse keeps them otherwise). */
  update(id: string, body: ProjectBody): Promise<ProjectRow> {
    return this.inTurn(() => this.updateNow(id, body));
  }

  private async updateNow(id: string, body: ProjectBody): Promise<ProjectRow> {
    await this.opts.ring.refresh();
    const known = this.opts.ring.project(id);
    if (!known) throw notFound(id);
    this.checkName(body.name, id);
    const row: ProjectRow = {
      ...known,
      name: body.name,
      metadata: body.metadata === undefined ? known.metadata : JSON.stringify(body.metadata),
      retention_days: body.retention ?? known.retention_days,
      version: Math.max(nextVersion(), known.version + 1),
    };
    await this.writeProject(row);
    if (row.retention_days !== known.retention_days) this.opts.retentionChanged?.();
    return row;
  }

  /**
   * Marks the project deleted and revokes its keys, so it is gone from every read and its keys are
   * refused at once here (within the ring's refresh elsewhere); its rows are deleted in the
   * background (DataRemoval).
   */
  delete(id: string): Promise<void> {
    return this.inTurn(() => this.deleteNow(id));
  }

  private async deleteNow(id: string): Promise<void> {
    await this.opts.ring.refresh();
    const known = this.opts.ring.project(id);
    if (!known) throw notFound(id);
    if (id === DEFAULT_PROJECT_ID) {
      throw new ApiError(
        'CONFLICT',
        "the default project holds the environment's key pair and the data stored before projects; it cannot be deleted",
      );
    }
    const keys = await this.keyRows(id);
    await this.writeProject({ ...known, deleted: 1, version: Math.max(nextVersion(), known.version + 1) });
    for (const k of keys) await this.writeKey({ ...k, deleted: 1, version: Math.max(nextVersion(), k.version + 1) });
    this.opts.removal.schedule(id);
  }

  /** Records that a deleted project's rows are gone. */
  removed(id: string): Promise<void> {
    return this.inTurn(async () => {
      const known = this.opts.ring.allProjects().find((p) => p.id === id);
      if (known)
        await this.writeProject({ ...known, data_removed: 1, version: Math.max(nextVersion(), known.version + 1) });
    });
  }

  /** A project's keys, oldest first, with their last use; never a secret. */
  async listKeys(projectId: string): Promise<ApiKeySummary[]> {
    if (!this.opts.ring.project(projectId)) throw notFound(projectId);
    const keys = await this.keyRows(projectId);
    const uses = new Map<string, number>();
    if (keys.length > 0) {
      const p = new ParamBuilder();
      const rows = await queryRows(this.opts.db, {
        sql: keyUsesSql(
          keys.map((k) => k.id),
          p,
        ),
        params: p.params,
        tag: 'projects.keys.uses',
        map: (r) => [String(r.id), Number(r.used_ms)] as const,
      });
      for (const [id, ms] of rows) uses.set(id, ms);
    }
    return keys.map((k) => ({
      id: k.id,
      createdAt: msIso(k.created_at),
      expiresAt: null,
      lastUsedAt: uses.has(k.id) ? msIso(uses.get(k.id)!) : null,
      note: k.note === '' ? null : k.note,
      publicKey: k.public_key,
      displaySecretKey: k.display_secret_key,
    }));
  }

  /** A new key of the project: generated, or the predefined pair given. Its secret is in this answer only. */
  createKey(projectId: string, body: ApiKeyBody): Promise<ApiKeyResponse> {
    return this.inTurn(() => this.createKeyNow(projectId, body));
  }

  private async createKeyNow(projectId: string, body: ApiKeyBody): Promise<ApiKeyResponse> {
    await this.opts.ring.refresh();
    if (!this.opts.ring.project(projectId)) throw notFound(projectId);
    const pair =
      body.publicKey && body.secretKey ? { publicKey: body.publicKey, secretKey: body.secretKey } : generateKeyPair();
    if (pair.publicKey === this.opts.envPublicKey || this.opts.ring.keyByPublicKey(pair.publicKey)) {
      throw new ApiError('CONFLICT', 'an API key with this publicKey already exists');
    }
    const row: ApiKeyRow = {
      project_id: projectId,
      id: randomUUID(),
      public_key: pair.publicKey,
      secret_hash: hashSecret(this.opts.pepper, pair.secretKey).toString('hex'),
      display_secret_key: displaySecretKey(pair.secretKey),
      note: body.note ?? '',
      created_at: Date.now(),
      deleted: 0,
      version: nextVersion(),
    };
    await this.writeKey(row);
    return {
      id: row.id,
      createdAt: msIso(row.created_at),
      publicKey: row.public_key,
      secretKey: pair.secretKey,
      displaySecretKey: row.display_secret_key,
      note: body.note ?? null,
    };
  }

  /** Revokes a key of the project: refused by this process at once, by the others within the ring's refresh. */
  deleteKey(projectId: string, keyId: string): Promise<void> {
    return this.inTurn(async () => {
      if (!this.opts.ring.project(projectId)) throw notFound(projectId);
      const [key] = await this.keyRows(projectId, keyId);
      if (!key) throw new ApiError('NOT_FOUND', `API key ${keyId} not found`);
      await this.writeKey({ ...key, deleted: 1, version: Math.max(nextVersion(), key.version + 1) });
    });
  }

  private checkName(name: string, except?: string): void {
    if (this.list().some((p) => p.name === name && p.id !== except)) {
      throw new ApiError('CONFLICT', 'a project with this name already exists');
    }
  }

  private async keyRows(projectId: string, id?: string): Promise<ApiKeyRow[]> {
    const p = new ParamBuilder();
    return queryRows(this.opts.db, {
      sql: projectKeysSql(projectId, p, id),
      params: p.params,
      tag: 'projects.keys',
      map: decodeApiKey,
    });
  }

  private async writeProject(row: ProjectRow): Promise<void> {
    await this.opts.db.writer.insert({
      table: TABLES.projects,
      values: [projectInsertRow(row)],
      format: 'JSONEachRow',
    });
    this.opts.ring.putProject(row);
    // A retention applies to the reads from the answer on (and a deleted project drops out).
    await reloadRetention(this.opts.db);
  }

  private async writeKey(row: ApiKeyRow): Promise<void> {
    await this.opts.db.writer.insert({ table: TABLES.apiKeys, values: [apiKeyInsertRow(row)], format: 'JSONEachRow' });
    this.opts.ring.putKey(row);
  }
}
