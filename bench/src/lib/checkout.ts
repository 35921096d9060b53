import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './service.ts';

/**
 * A checkout of `rev` in `dir` (a git worktree beside the bench's data), installed from the local
 * store, made once and reused; its service's entry point (apps/server/src/main.ts, run through
 * tsx by startService), to measure that version beside this one.
 */
export function checkout(rev: string, dir: string): string {
  if (!existsSync(path.join(dir, 'node_modules'))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'add', '--force', '--detach', dir, rev], { cwd: REPO_ROOT, stdio: 'ignore' });
    execFileSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: dir, stdio: ['ignore', 2, 2] });
  }
  return path.join(dir, 'apps', 'server', 'src', 'main.ts');
}
