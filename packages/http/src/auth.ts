import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';

export type Credentials = { bearerToken?: string; publicKey?: string; secretKey?: string };

/** Constant-time equality: both sides are hashed first, so length differences leak nothing either. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** Outcome of checking one Authorization header value. */
export function checkAuthorization(header: string | undefined, creds: Credentials, allowBasic: boolean): boolean {
  if (!header) return false;
  const space = header.indexOf(' ');
  if (space < 0) return false;
  const scheme = header.slice(0, space).toLowerCase();
  const value = header.slice(space + 1).trim();
  if (scheme === 'bearer') {
    return creds.bearerToken !== undefined && value.length > 0 && safeEqual(value, creds.bearerToken);
  }
  if (scheme === 'basic' && allowBasic && creds.publicKey !== undefined && creds.secretKey !== undefined) {
    if (!/^[A-Za-z0-9+/]+=*$/.test(value)) return false;
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    // Both halves are compared, always, so a right public key with a wrong secret takes as long.
    const pkOk = safeEqual(decoded.slice(0, colon), creds.publicKey);
    const skOk = safeEqual(decoded.slice(colon + 1), creds.secretKey);
    return pkOk && skOk;
  }
  return false;
}

/**
 * Bearer API_BEARER_TOKEN everywhere; Basic PUBLIC_KEY:SECRET_KEY where `allowBasic` (the
 * /api/public routes, which the Langfuse clients call with Basic). 401 UNAUTHORIZED otherwise.
 */
export function auth(creds: Credentials, opts: { allowBasic: boolean }): MiddlewareHandler {
  return async (c, next) => {
    if (!checkAuthorization(c.req.header('authorization'), creds, opts.allowBasic)) {
      c.header('WWW-Authenticate', opts.allowBasic ? 'Bearer, Basic realm="spanhouse"' : 'Bearer');
      throw new ApiError('UNAUTHORIZED', 'missing or invalid credentials');
    }
    await next();
  };
}
