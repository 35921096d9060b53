import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@spanhouse/config';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';

// No Docker engine runs here, so docker-compose.yml is checked as text: the mistakes
// `docker compose config` would catch (bad YAML, broken anchors, a missing health check or volume)
// and the ones it would not (an environment the service refuses, an entry point that is not there).
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const doc = parseDocument(readFileSync(`${ROOT}/docker-compose.yml`, 'utf8'), { merge: true });

type Service = {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
};
const compose = doc.toJS() as { services: Record<string, Service>; volumes: Record<string, unknown> };

/** `${NAME:-default}` as compose substitutes it when NAME is unset. */
const substitute = (value: string) => value.replace(/\$\{\w+:-([^}]*)\}/g, '$1');

describe('docker-compose.yml', () => {
  it('parses without YAML errors', () => {
    expect(doc.errors).toEqual([]);
    expect(Object.keys(compose.services).sort()).toEqual(['clickhouse', 'ingest', 'query']);
  });

  it('keeps ClickHouse data in a named volume and waits for ClickHouse to be healthy', () => {
    const ch = compose.services.clickhouse!;
    expect(ch.image).toMatch(/^clickhouse\/clickhouse-server:\d+\.\d+$/);
    const [volume] = ch.volumes![0]!.split(':');
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(ch.healthcheck?.test.join(' ')).toContain('/ping');
    for (const name of ['ingest', 'query']) {
      expect(compose.services[name]!.depends_on?.clickhouse?.condition).toBe('service_healthy');
    }
  });

  it('starts each app in server mode with a configuration the service accepts', () => {
    for (const name of ['ingest', 'query']) {
      const s = compose.services[name]!;
      expect(s.build).toBe('.');
      // The image builds each app's bundle (`pnpm build`) from its entry point.
      const entry = s.command!.at(-1)!;
      expect(entry).toBe(`apps/${name}-api/dist/main.mjs`);
      expect(existsSync(`${ROOT}/apps/${name}-api/src/main.ts`)).toBe(true);
      const pkg = JSON.parse(readFileSync(`${ROOT}/apps/${name}-api/package.json`, 'utf8'));
      expect(pkg.scripts.build).toContain('src/main.ts dist/main.mjs');
      expect(readFileSync(`${ROOT}/Dockerfile`, 'utf8')).toMatch(/^RUN pnpm build$/m);
      const env = Object.fromEntries(Object.entries(s.environment!).map(([k, v]) => [k, substitute(String(v))]));
      const config = loadConfig(env);
      expect(config.clickhouse.url).toBe('http://clickhouse:8123');
      expect(config.host).toBe('0.0.0.0');
      // Server mode refuses to start without credentials; compose always passes a set.
      expect(
        config.credentials.bearerToken && config.credentials.publicKey && config.credentials.secretKey,
      ).toBeTruthy();
      // The password ClickHouse is created with is the one the app logs in with.
      expect(env.CLICKHOUSE_PASSWORD).toBe(substitute(compose.services.clickhouse!.environment!.CLICKHOUSE_PASSWORD!));
      expect(s.healthcheck?.test.join(' ')).toContain('/readyz');
    }
  });

  it("keeps the ingest process's write-ahead log on a volume of its own", () => {
    const ingest = compose.services.ingest!;
    const env = Object.fromEntries(Object.entries(ingest.environment!).map(([k, v]) => [k, substitute(String(v))]));
    const dir = loadConfig(env).ingest.logDir;
    const mount = ingest.volumes?.map((v) => v.split(':')).find(([, target]) => target === dir);
    expect(mount, `a volume mounted at ${dir}`).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(mount![0]);
    expect(compose.services.clickhouse!.volumes!.some((v) => v.startsWith(`${mount![0]}:`))).toBe(false);
  });
});
