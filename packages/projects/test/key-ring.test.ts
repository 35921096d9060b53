import { TABLES } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { createLogger } from '@spanhouse/http';
import { type ApiKeyRow, apiKeyInsertRow } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyRing } from '../src/key-ring.ts';
import { displaySecretKey, generateKeyPair, hashSecret, keyPepperOf } from '../src/secrets.ts';

let db: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  db = await openTestDb('key_ring');
});
afterAll(async () => db?.close());

const pepper = Buffer.from('pepper-for-the-test');
const row = (over: Partial<ApiKeyRow>): ApiKeyRow => ({
  project_id: 'spanhouse',
  id: 'k1',
  public_key: 'pk-sh-one',
  secret_hash: hashSecret(pepper, 'sk-secret').toString('hex'),
  display_secret_key: 'sk-sec...cret',
  note: '',
  created_at: 1,
  deleted: 0,
  version: 10,
  ...over,
});

describe('KeyRing', () => {
  it('keeps a revocation made here when a read that started before it returns the key as active', async () => {
    const ring = new KeyRing({ db, logger: createLogger('silent'), fixed: [] });
    await db.writer.insert({ table: TABLES.apiKeys, values: [apiKeyInsertRow(row({}))], format: 'JSONEachRow' });
    await ring.refresh();
    expect(ring.keyByPublicKey('pk-sh-one')?.id).toBe('k1');
    // Revoked here (version 11) while the table still holds version 10 for a moment.
    ring.putKey(row({ deleted: 1, version: 11 }));
    expect(ring.keyByPublicKey('pk-sh-one')).toBeUndefined();
    await ring.refresh();
    expect(ring.keyByPublicKey('pk-sh-one')).toBeUndefined();
  });

  it('takes newer versions from the table: a key revoked elsewhere stops authenticating at the next read', async () => {
    const ring = new KeyRing({ db, logger: createLogger('silent'), fixed: [] });
    const k = row({ id: 'k2', public_key: 'pk-sh-two', version: 20 });
    await db.writer.insert({ table: TABLES.apiKeys, values: [apiKeyInsertRow(k)], format: 'JSONEachRow' });
    await ring.refresh();
    const active = ring.keyByPublicKey('pk-sh-two')!;
    expect(ring.isActive(active)).toBe(true);
    await db.writer.insert({
      table: TABLES.apiKeys,
      values: [apiKeyInsertRow({ ...k, deleted: 1, version: 21 })],
      format: 'JSONEachRow',
    });
    await ring.refresh();
    expect(ring.isActive(active)).toBe(false);
    expect(ring.keyByPublicKey('pk-sh-two')).toBeUndefined();
  });

  it('refuses the keys of a project that is unknown or deleted, and keeps what it knows when a read fails', async () => {
    const ring = new KeyRing({ db, logger: createLogger('silent'), fixed: [] });
    ring.putKey(row({ id: 'k3', public_key: 'pk-sh-three', project_id: 'nowhere', version: 30 }));
    expect(ring.keyByPublicKey('pk-sh-three')).toBeUndefined();
    await ring.refresh();
    expect(ring.keyByPublicKey('pk-sh-three')).toBeUndefined();
    const closed = { ...db, withReader: async () => Promise.reject(new Error('ClickHouse is down')) };
    const offline = new KeyRing({ db: closed as never, logger: createLogger('silent'), fixed: [] });
    offline.putProject({
      id: 'spanhouse',
      name: 'spanhouse',
      metadata: '{}',
      retention_days: 0,
      created_at: 1,
      deleted: 0,
      data_removed: 0,
      version: 1,
    });
    offline.putKey(row({ id: 'k4', public_key: 'pk-sh-four', version: 40 }));
    await expect(offline.refresh()).rejects.toThrow('ClickHouse is down');
    expect(offline.keyByPublicKey('pk-sh-four')?.id).toBe('k4');
  });
});

describe('secrets', () => {
  it('generates 256-bit secrets and shows Langfuse-style display forms', () => {
    const a = generateKeyPair();
    const b = generateKeyPair();
    expect(a.secretKey).not.toBe(b.secretKey);
    expect(Buffer.from(a.secretKey.slice(6), 'base64url')).toHaveLength(32);
    expect(displaySecretKey('sk-sh-abcdefghij')).toBe('sk-sh-...ghij');
  });

  it('hashes under the pepper: the configured one, else one derived from the bearer token', () => {
    const derived = keyPepperOf({ bearerToken: 'token-a' });
    expect(derived).toHaveLength(32);
    expect(keyPepperOf({ bearerToken: 'token-a' })).toEqual(derived);
    expect(keyPepperOf({ bearerToken: 'token-b' })).not.toEqual(derived);
    expect(keyPepperOf({ bearerToken: 'token-a', keyPepper: 'configured' }).toString()).toBe('configured');
    expect(hashSecret(derived, 's')).not.toEqual(hashSecret(keyPepperOf({ bearerToken: 'token-b' }), 's'));
  });
});
