import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { AUTH, launch, type Service, stop, tempDir } from '../support/service-process.ts';
import { drive, KINDS, Ledger, verify } from '../support/ops/workload.ts';

// Graceful stop: SIGTERM under sustained load. The process must stop accepting, commit what it
// accepted, exit 0, and refuse what arrives while it drains; after a restart on the same folder
// every acknowledged record is there. Inserts are slowed (300 ms each, by the test-only fault
// preload) so the drain lasts long enough to send requests into it.
const FAULTY = fileURLToPath(new URL('../support/ops/fixtures/faulty-storage.mjs', import.meta.url));
let service: Service | undefined;

afterAll(async () => {
  if (service) await stop(service);
});

/** One request on a fresh connection: its status, or the connection error code. */
function probe(base: string, id: string): Promise<string> {
  const body = JSON.stringify({ trace: { id }, observations: [] });
  return new Promise((resolve) => {
    const req = request(
      `${base}/v1/l/batch`,
      { method: 'POST', agent: false, headers: { ...AUTH, 'Content-Type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    req.end(body);
  });
}

// The all-in-one service, and the ingest API alone (server mode's ingest process, here on its
// embedded folder; the all-in-one then reads what it stored).
for (const entry of ['apps/server/src/main.ts', 'apps/ingest-api/src/main.ts']) {
  it(`${entry} drains on SIGTERM under load: exit 0, nothing acknowledged lost, new requests refused`, {
    timeout: 90_000,
  }, async () => {
    const dataDir = tempDir('graceful');
    const faultFile = path.join(dataDir, 'fault');
    const env = { DATA_DIR: dataDir, INGEST_FLUSH_INTERVAL_MS: '15', SPANHOUSE_TEST_FAULT_FILE: faultFile };
    writeFileSync(faultFile, 'delay 300');
    service = await launch(env, { entry, preload: [FAULTY] });
    const kinds = KINDS;
    const ledger = new Ledger(`graceful-${entry.split('/')[1]}`);
    let stopLoad = false;
    const load = drive({ base: service.base, ledger, kinds, concurrency: 12, until: () => stopLoad });
    while (ledger.acked < 30) await sleep(10);

    service.child.kill('SIGTERM');
    await service.waitForLog('stopping: no new connections; draining');
    let exited = false;
    void service.exited.then(() => (exited = true));
    const probes: string[] = [];
    const probeIds: string[] = [];
    while (!exited) {
      const id = `${ledger.prefix}-probe-${probes.length}`;
      probeIds.push(id);
      probes.push(await probe(service.base, id));
      await sleep(5);
    }
    const exit = await service.exited;
    stopLoad = true;
    await load;

    expect(exit).toEqual({ code: 0, signal: null });
    expect(ledger.violations).toEqual([]);
    // The drain was long enough to be probed, and every probe was refused: the listener was closed
    // (ECONNREFUSED) or the request got 503 + Retry-After.
    expect(probes.length).toBeGreaterThan(0);
    for (const p of probes) expect(['ECONNREFUSED', 'ECONNRESET', '503']).toContain(p);

    writeFileSync(faultFile, '');
    service = await launch(env);
    const found = await verify(service.base, [ledger]);
    expect(found.problems).toEqual([]);
    expect(found.foundTraces).toBe(found.ackedTraces);
    expect(found.foundPoints).toBe(found.ackedPoints);
    for (const id of probeIds) {
      expect((await fetch(`${service.base}/api/public/traces/${id}`, { headers: AUTH })).status).toBe(404);
    }
    console.log(
      `graceful stop (${entry}): load ${[...ledger.statuses].map(([k, v]) => `${v} x ${k}`).join(', ')}, exit 0; ${probes.length} probes during the drain, ` +
        `all refused (${[...new Set(probes)].join(', ')}); traces ${found.ackedTraces}/${found.foundTraces}, ` +
        `points ${found.ackedPoints}/${found.foundPoints} acknowledged/found`,
    );
    expect(await stop(service)).toEqual({ code: 0, signal: null });
    service = undefined;
  });
}
