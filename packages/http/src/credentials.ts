import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@spanhouse/config';
import type { Logger } from 'pino';
import type { Credentials } from './auth.ts';

type Complete = Required<Omit<Credentials, 'keyPepper'>> & Pick<Credentials, 'keyPepper'>;

/**
 * Credentials from config. The embedded default, when none are configured, generates them once,
 * keeps them in the data folder (0600) and prints them at start, so one command is enough to try
 * it; it keeps the key pepper there too (generated once, whatever else is configured), so stored
 * API key secrets stay verifiable across restarts. Server mode refuses to start without the
 * bearer token and key pair: several processes must agree on one set; its pepper is
 * API_KEY_PEPPER, or else derived from the bearer token (packages/projects, keyPepperOf).
 */
export function resolveCredentials(config: Config, logger: Logger): Complete {
  const given = config.credentials;
  const complete = Boolean(given.bearerToken && given.publicKey && given.secretKey);
  if (config.clickhouse.url) {
    if (!complete) throw new Error('server mode needs API_BEARER_TOKEN, PUBLIC_KEY and SECRET_KEY to be set');
    return given as Complete;
  }
  const file = path.resolve(config.dataDir, 'credentials.json');
  const stored: Partial<Credentials> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Credentials) : {};
  const generated = {
    bearerToken: stored.bearerToken ?? `sh_${randomBytes(24).toString('base64url')}`,
    publicKey: stored.publicKey ?? `pk-sh-${randomBytes(12).toString('hex')}`,
    secretKey: stored.secretKey ?? `sk-sh-${randomBytes(24).toString('hex')}`,
    keyPepper: stored.keyPepper ?? randomBytes(32).toString('base64url'),
  };
  // What the file must hold: the generated set when the environment lacks one, and the pepper
  // unless the environment gives it (a file from before key peppers gains one).
  const toStore: Partial<Credentials> = complete ? { ...stored } : { ...generated };
  if (given.keyPepper === undefined) toStore.keyPepper = generated.keyPepper;
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
    logger.info({ file }, 'generated credentials for the embedded default');
  }
  const keyPepper = given.keyPepper ?? generated.keyPepper;
  if (complete) return { ...(given as Complete), keyPepper };
  const creds: Complete = {
    bearerToken: given.bearerToken ?? generated.bearerToken,
    publicKey: given.publicKey ?? generated.publicKey,
    secretKey: given.secretKey ?? generated.secretKey,
    keyPepper,
  };
  process.stdout.write(
    `\nspanhouse credentials (kept in ${file}):\n` +
      `  API_BEARER_TOKEN=${creds.bearerToken}\n  PUBLIC_KEY=${creds.publicKey}\n  SECRET_KEY=${creds.secretKey}\n\n`,
  );
  return creds;
}
