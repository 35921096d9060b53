import { rmSync } from 'node:fs';
import path from 'node:path';
import { migrate, openDb } from '@spanhouse/db';
import { type Authenticate, createLogger } from '@spanhouse/http';
import { openProjects } from '@spanhouse/projects';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { fmt, percentile } from '../lib/stats.ts';

const basic = (pk: string, sk: string) => `Basic ${Buffer.from(`${pk}:${sk}`).toString('base64')}`;

type Case = { name: string; call: (i: number) => unknown };

/**
 * The cost of authentication per request, in process (what it adds to a request): the service's
 * credential check (packages/projects) over a real key ring on chDB, each case timed call by call,
 * the cases interleaved round by round so a load that changes during the run touches all alike.
 * The failed checks (wrong secret, unknown key, revoked key) must cost the same: that steady cost
 * is why no failure rate limit exists (docs/projects.md).
 */
export async function authSuite(opts: BenchOptions): Promise<string> {
  const dataDir = path.join(opts.dir, 'auth');
  rmSync(dataDir, { recursive: true, force: true });
  const db = await openDb({ dataDir, database: 'spanhouse', readers: 1 });
  const credentials = { bearerToken: 'bench-token', publicKey: 'pk-bench', secretKey: 'sk-bench-environment-pair' };
  try {
    await migrate(db);
    const projects = await openProjects({ db, credentials, logger: createLogger('silent') });
    try {
      const project = await projects.registry.create({ name: 'bench project' });
      const key = await projects.registry.createKey(project.id, {});
      const revoked = await projects.registry.createKey(project.id, {});
      await projects.registry.deleteKey(project.id, revoked.id);
      // Keys never seen by the check yet, for the first (uncached) verification of each.
      const fresh = [];
      for (let i = 0; i < 200; i++) fresh.push(await projects.registry.createKey(project.id, {}));
      const auth: Authenticate = projects.authenticate;
      const bearer = `Bearer ${credentials.bearerToken}`;
      const known = basic(key.publicKey, key.secretKey);
      const guess = (i: number) => `sk-sh-${String(i).padStart(43, 'x')}`;
      const cases: Case[] = [
        { name: 'bearer token (the admin)', call: () => auth({ authorization: bearer }) },
        {
          name: 'bearer token naming a project (Spanhouse-Project)',
          call: () => auth({ authorization: bearer, project: project.id }),
        },
        { name: 'project key, verified before (the verified-key memory)', call: () => auth({ authorization: known }) },
        {
          name: "the environment's key pair, verified before",
          call: () => auth({ authorization: basic(credentials.publicKey, credentials.secretKey) }),
        },
        {
          name: 'wrong secret of a known public key',
          call: (i) => auth({ authorization: basic(key.publicKey, guess(i)) }),
        },
        {
          name: 'unknown public key',
          call: (i) => auth({ authorization: basic('pk-sh-00000000-0000-4000-8000-000000000000', guess(i)) }),
        },
        {
          name: 'revoked key, its right secret',
          call: () => auth({ authorization: basic(revoked.publicKey, revoked.secretKey) }),
        },
      ];
      const rounds = opts.smoke ? 2_000 : 50_000;
      const times = cases.map(() => [] as number[]);
      // Warm-up: the JIT, the memory of verified credentials.
      for (let r = 0; r < 2_000; r++) for (const c of cases) c.call(r);
      for (let r = 0; r < rounds; r++) {
        for (let c = 0; c < cases.length; c++) {
          const t = process.hrtime.bigint();
          cases[c]!.call(r);
          times[c]!.push(Number(process.hrtime.bigint() - t) / 1000);
        }
      }
      // First verification of a key: hashed once, then remembered.
      const first = fresh.map((k) => {
        const t = process.hrtime.bigint();
        auth({ authorization: basic(k.publicKey, k.secretKey) });
        return Number(process.hrtime.bigint() - t) / 1000;
      });
      const rows = cases.map((c, i) => [
        c.name,
        fmt(percentile(times[i]!, 50)),
        fmt(percentile(times[i]!, 99)),
        fmt(times[i]!.reduce((a, b) => a + b, 0) / times[i]!.length),
      ]);
      rows.push([
        'project key, first verification (HMAC, then remembered)',
        fmt(percentile(first, 50)),
        fmt(percentile(first, 99)),
        fmt(first.reduce((a, b) => a + b, 0) / first.length),
      ]);
      const failed = [4, 5, 6].map((i) => percentile(times[i]!, 50));
      const spread = Math.max(...failed) - Math.min(...failed);
      const cached = percentile(times[2]!, 50);
      log(`auth: cached key p50 ${fmt(cached)} µs; failed checks p50 ${failed.map((f) => fmt(f)).join(' / ')} µs`);
      return [
        `### Authentication per request (in process, ${fmt(rounds)} calls per case, interleaved)`,
        '',
        table(['credentials', 'p50 µs', 'p99 µs', 'mean µs'], rows),
        '',
        `Target: a verified key adds ≤ 0.1 ms (100 µs) p50: ${cached <= 100 ? 'met' : '**missed**'} (${fmt(cached)} µs).`,
        `Failed checks (wrong secret, unknown key, revoked key): p50 ${failed.map((f) => fmt(f)).join(' / ')} µs, spread ${fmt(spread)} µs: ${spread <= Math.max(1, 0.2 * Math.min(...failed)) ? 'steady' : '**not steady**'}.`,
      ].join('\n');
    } finally {
      await projects.close();
    }
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
