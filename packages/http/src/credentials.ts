import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '@spanhouse/config';
import type { Logger } from 'pino';
import type { Credentials } from './auth.ts';

type Complete = Required<Credentials>;

/**
 * Credentials from config. The embedded default, when none are configured, generates them once,
 * keeps them in the data folder (0600) and prints them at start, so one command is enough to try
 * it. Server mode refuses to start without them: several processes must agree on one set.
 */
export function resolveCredentials(config: Config, logger: Logger): Complete {
  const given = config.credentials;
  if (given.bearerToken && given.publicKey && given.secretKey) return given as Complete;
  if (config.clickhouse.url) {
    throw new Error('server mode needs API_BEARER_TOKEN, PUBLIC_KEY and SECRET_KEY to be set');
  }
  const file = path.resolve(config.dataDir, 'credentials.json');
  let stored: Complete;
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Complete;
  } else {
    stored = {
      bearerToken: `sh_${randomBytes(24).toString('base64url')}`,
      publicKey: `pk-sh-${randomBytes(12).toString('hex')}`,
      secretKey: `sk-sh-${randomBytes(24).toString('hex')}`,
    };
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    logger.info({ file }, 'generated credentials for the embedded default');
  }
  const creds: Complete = {
    bearerToken: given.bearerToken ?? stored.bearerToken,
    publicKey: given.publicKey ?? stored.publicKey,
    secretKey: given.secretKey ?? stored.secretKey,
  };
  process.stdout.write(
    `\nspanhouse credentials (kept in ${file}):\n` +
      `  API_BEARER_TOKEN=${creds.bearerToken}\n  PUBLIC_KEY=${creds.publicKey}\n  SECRET_KEY=${creds.secretKey}\n\n`,
  );
  return creds;
}
