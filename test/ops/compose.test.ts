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
  profiles?: string[];
  ports?: string[];
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
    expect(Object.keys(compose.services).sort()).toEqual(['clickhouse', 'grafana', 'ingest', 'query']);
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

  it('starts Grafana only with the grafana profile, provisioned with spanhouse and its dashboard', () => {
    const g = compose.services.grafana!;
    expect(g.profiles).toEqual(['grafana']);
    expect(g.depends_on?.query?.condition).toBe('service_healthy');
    // The data source points at the query process's Prometheus API with the same key pair it accepts.
    expect(g.environment!.SPANHOUSE_PROMETHEUS_URL).toBe('http://query:3000/prometheus');
    for (const key of ['PUBLIC_KEY', 'SECRET_KEY']) {
      expect(g.environment![key]).toBe(compose.services.query!.environment![key]);
    }
    for (const volume of g.volumes!.filter((v) => v.startsWith('./'))) {
      expect(existsSync(`${ROOT}/${volume.split(':')[0]}`), volume).toBe(true);
    }
    const source = parseDocument(
      readFileSync(`${ROOT}/deploy/grafana/provisioning/datasources/spanhouse.yaml`, 'utf8'),
    ).toJS();
    expect(source.datasources[0]).toMatchObject({
      uid: 'spanhouse',
      type: 'prometheus',
      url: '${SPANHOUSE_PROMETHEUS_URL}',
      basicAuth: true,
      basicAuthUser: '${PUBLIC_KEY}',
      secureJsonData: { basicAuthPassword: '${SECRET_KEY}' },
    });
  });

  it('publishes OTLP/gRPC where the ingest process listens for it, and the image exposes it', () => {
    const ingest = compose.services.ingest!;
    const env = Object.fromEntries(Object.entries(ingest.environment!).map(([k, v]) => [k, substitute(String(v))]));
    const port = loadConfig(env).otlpGrpcPort;
    expect(port).toBe(4317);
    expect(ingest.ports).toContain(`${port}:${port}`);
    expect(readFileSync(`${ROOT}/Dockerfile`, 'utf8')).toMatch(/^EXPOSE .*\b4317\b/m);
    // The query process takes no ingest: nothing of it on 4317.
    expect(compose.services.query!.ports!.some((p) => p.endsWith(':4317'))).toBe(false);
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
