import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../src/migrations.ts';

/**
 * A folder (made in the system's temporary directory; the caller removes it) holding the
 * migrations numbered below `version` and nothing after: a store migrated from it is a store as
 * it was when migration `version` came.
 */
export function migrationsBefore(version: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spanhouse-migrations-'));
  const first = `${String(version).padStart(4, '0')}_`;
  cpSync(MIGRATIONS_DIR, dir, {
    recursive: true,
    filter: (src) => !/^\d{4}_/.test(path.basename(src)) || path.basename(src) < first,
  });
  return dir;
}
