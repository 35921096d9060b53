import { createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { Credentials } from '@spanhouse/http';

/*
 * API key secrets. A generated secret is 256 random bits, so a fast keyed hash is the right store:
 * no guess can find it, and verifying one costs a microsecond (a password hash such as bcrypt is
 * for low-entropy passwords and would cost milliseconds per request). The HMAC key, the pepper,
 * is kept beside the configured credentials and never in ClickHouse, so the stored hashes alone
 * do not let anyone test guesses of a predefined (chosen, maybe weak) secret offline.
 */

/** The HMAC key: the configured pepper, else one derived from the bearer token (server mode). */
export function keyPepperOf(credentials: Credentials): Buffer {
  if (credentials.keyPepper) return Buffer.from(credentials.keyPepper, 'utf8');
  if (!credentials.bearerToken) throw new Error('API keys need API_KEY_PEPPER or API_BEARER_TOKEN');
  return Buffer.from(hkdfSync('sha256', credentials.bearerToken, 'spanhouse', 'api-key-pepper', 32));
}

/** The stored form of a secret: HMAC-SHA-256 under the pepper (32 bytes). */
export function hashSecret(pepper: Buffer, secret: string): Buffer {
  return createHmac('sha256', pepper).update(secret, 'utf8').digest();
}

/** A new key pair: the public key names it, the secret is 256 random bits (base64url). */
export function generateKeyPair(): { publicKey: string; secretKey: string } {
  return { publicKey: `pk-sh-${randomUUID()}`, secretKey: `sk-sh-${randomBytes(32).toString('base64url')}` };
}

/** What listings show of a secret: its first 6 and last 4 characters (Langfuse's displaySecretKey). */
export const displaySecretKey = (secret: string) => `${secret.slice(0, 6)}...${secret.slice(-4)}`;
