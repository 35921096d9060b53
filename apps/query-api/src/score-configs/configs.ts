import { randomUUID } from 'node:crypto';
import { type Db, ProjectParams, queryRows } from '@spanhouse/db';
import { badRequest, notFoundError } from '@spanhouse/http';
import type { ScoreConfigCreateBody, ScoreConfigOutput, ScoreConfigUpdateBody } from '@spanhouse/schema';
import {
  decodeScoreConfig,
  msIso,
  nextVersion,
  type ScoreConfigRow,
  scoreConfigCountSql,
  scoreConfigInsertRow,
  scoreConfigsSql,
  TABLES,
} from '@spanhouse/store';
import { createdFields, updatedConfig } from './rules.ts';

/** A config as Langfuse answers it. */
export function scoreConfigOutput(r: ScoreConfigRow): ScoreConfigOutput {
  return {
    id: r.id,
    projectId: r.project_id,
    name: r.name,
    dataType: r.data_type,
    isArchived: r.is_archived === 1,
    minValue: r.min_value,
    maxValue: r.max_value,
    categories: r.categories,
    description: r.description,
    createdAt: msIso(r.created_at),
    updatedAt: msIso(r.updated_at),
  };
}

/** Langfuse's answer for an unknown config, or one of another project. */
export const configNotFound = () => notFoundError('Score config not found within authorized project');

/**
 * A project's score configs (docs/langfuse.md#score-configs): each change is a new version of the
 * config's row, written through the writer connection and answered once stored, so the next read
 * (a GET, a score naming the config, in any process) sees it. The updates of one process run one at
 * a time: each reads the config and writes the next version of it, and two side by side would
 * both build on the same version and one would undo the other.
 */
export class ScoreConfigs {
  /** The tail of the queue of updates; it never rejects. */
  private updates: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Db) {}

  /** A page of the project's configs, newest first, and how many it has. */
  async list(project: string, page: number, limit: number, signal?: AbortSignal) {
    const p = new ProjectParams(project);
    const [rows, [total = 0]] = await Promise.all([
      queryRows(this.db, {
        sql: scoreConfigsSql(p, { page, limit }),
        params: p.params,
        tag: 'score-configs.list',
        map: decodeScoreConfig,
        signal,
      }),
      queryRows(this.db, {
        sql: scoreConfigCountSql(p),
        params: p.params,
        tag: 'score-configs.count',
        map: (r) => Number(r.n),
        signal,
      }),
    ]);
    return { rows, total };
  }

  async get(project: string, id: string, signal?: AbortSignal): Promise<ScoreConfigRow | undefined> {
    const p = new ProjectParams(project);
    const [row] = await queryRows(this.db, {
      sql: scoreConfigsSql(p, { ids: [id] }),
      params: p.params,
      tag: 'score-configs.get',
      map: decodeScoreConfig,
      signal,
    });
    return row;
  }

  async create(project: string, body: ScoreConfigCreateBody): Promise<ScoreConfigRow> {
    const created = createdFields(body);
    if ('problem' in created) throw badRequest(created.problem);
    const now = Date.now();
    const row: ScoreConfigRow = {
      project_id: project,
      id: randomUUID(),
      ...created.fields,
      is_archived: 0,
      created_at: now,
      updated_at: now,
      version: nextVersion(),
    };
    await this.write(row);
    return row;
  }

  update(project: string, id: string, body: ScoreConfigUpdateBody): Promise<ScoreConfigRow> {
    const run = this.updates.then(async () => {
      const config = await this.get(project, id);
      if (!config) throw configNotFound();
      const updated = updatedConfig(config, body);
      if ('problem' in updated) throw badRequest(updated.problem);
      // Newer than the stored version even when another process's clock runs ahead of ours.
      const row = { ...updated.config, updated_at: Date.now(), version: Math.max(nextVersion(), config.version + 1) };
      await this.write(row);
      return row;
    });
    this.updates = run.catch(() => undefined);
    return run;
  }

  private async write(row: ScoreConfigRow): Promise<void> {
    await this.db.writer.insert({
      table: TABLES.scoreConfigs,
      values: [scoreConfigInsertRow(row)],
      format: 'JSONEachRow',
    });
  }
}
