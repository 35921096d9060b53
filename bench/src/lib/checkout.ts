import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './service.ts';

/**
 * A checkout of `rev` in `dir` (a git worktree beside the bench's data), installed from the local
 * store, made once and reused; its service's entry point, to measure that version beside this one.
 */
export function checkout(rev: string, dir: string): string {
  if (!existsSync(path.join(dir, 'node_modules'))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'add', '--force', '--detach', dir, rev], { cwd: REPO_ROOT, stdio: 'ignore' });
    execFileSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], { cwd: dir, stdio: ['ignore', 2, 2] });
  }
  // A version that runs as a bundle (`pnpm start` since decision 0012) is measured as one: the
  // sources under tsx's loader hold more memory.
  const bundled = existsSync(path.join(dir, 'scripts', 'build-app.mjs'));
  if (!bundled) return path.join(dir, 'apps', 'server', 'src', 'main.ts');
  execFileSync('pnpm', ['turbo', 'run', 'build', '--filter=@spanhouse/server', '--output-logs=errors-only'], {
    cwd: dir,
    stdio: ['ignore', 2, 2],
  });
  return path.join(dir, 'apps', 'server', 'dist', 'main.mjs');
}
