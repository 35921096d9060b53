import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/index.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe('./data');
    expect(c.clickhouse.database).toBe('spanhouse');
    expect(c.clickhouse.url).toBeUndefined();
    expect(c.ingest.flushIntervalMs).toBe(500);
    expect(c.ingest.paceBacklogMs).toBe(1000);
    expect(c.ingest.logDir).toBe('data/ingest-log');
    expect(c.ingest.logMaxBytes).toBe(1024 * 1024 * 1024);
    expect(c.ingest.maxInflightBytes).toBe(128 * 1024 * 1024);
    expect(c.metricLimits).toEqual({ histogramBuckets: 160, samplesPerRequest: 200_000, seriesPerRequest: 50_000 });
  });

  it('puts the ingest log in the data folder unless INGEST_LOG_DIR names another', () => {
    expect(loadConfig({ DATA_DIR: '/srv/spanhouse' }).ingest.logDir).toBe('/srv/spanhouse/ingest-log');
    expect(loadConfig({ DATA_DIR: '/srv/spanhouse', INGEST_LOG_DIR: '/wal' }).ingest.logDir).toBe('/wal');
  });

  it('reads values and treats empty strings as unset', () => {
    const c = loadConfig({ PORT: '8080', CLICKHOUSE_URL: 'http://ch:8123', API_BEARER_TOKEN: 't', DATA_DIR: '' });
    expect(c.port).toBe(8080);
    expect(c.clickhouse.url).toBe('http://ch:8123');
    expect(c.credentials.bearerToken).toBe('t');
    expect(c.dataDir).toBe('./data');
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', CLICKHOUSE_URL: 'not a url', LOG_LEVEL: 'loud' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('CLICKHOUSE_URL');
      expect(msg).toContain('LOG_LEVEL');
    }
  });

  it('OTLP_GRPC_PORT: 4317 by default, 0 for any free port, off (any case) for no gRPC receiver, else refused', () => {
    expect(loadConfig({}).otlpGrpcPort).toBe(4317);
    expect(loadConfig({ OTLP_GRPC_PORT: ' 4318 ' }).otlpGrpcPort).toBe(4318);
    expect(loadConfig({ OTLP_GRPC_PORT: '0' }).otlpGrpcPort).toBe(0);
    expect(loadConfig({ OTLP_GRPC_PORT: 'off' }).otlpGrpcPort).toBeUndefined();
    expect(loadConfig({ OTLP_GRPC_PORT: 'OFF' }).otlpGrpcPort).toBeUndefined();
    for (const bad of ['65536', '-1', 'no', '43.17']) {
      expect(() => loadConfig({ OTLP_GRPC_PORT: bad })).toThrow(
        'OTLP_GRPC_PORT: must be a port number (0-65535; 0 picks a free one) or "off"',
      );
    }
  });

  it('requires PUBLIC_KEY and SECRET_KEY together', () => {
    expect(() => loadConfig({ PUBLIC_KEY: 'pk' })).toThrow(/together/);
  });

  it('refuses a database name that is not an identifier', () => {
    expect(() => loadConfig({ CLICKHOUSE_DATABASE: 'x; DROP TABLE y' })).toThrow(/CLICKHOUSE_DATABASE/);
  });
});
