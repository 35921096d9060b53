import { timingSafeEqual } from 'node:crypto';
import type { Authenticate, AuthRefusal, Principal } from '@spanhouse/http';
import { safeEqual } from '@spanhouse/http';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { LRUCache } from 'lru-cache';
import type { ActiveKey, KeyRing } from './key-ring.ts';
import { hashSecret } from './secrets.ts';

/** Verified Basic credentials remembered (by the header's value), so a repeated one skips the HMAC. */
const VERIFIED_MAX = 10_000;

const refused = (code: AuthRefusal['code'], message: string) => ({ refused: { code, message } });
const INVALID = refused('UNAUTHORIZED', 'missing or invalid credentials');

/**
 * The credential check of every transport (docs/projects.md):
 * - `Bearer <API_BEARER_TOKEN>`: the admin, on the default project, or on the project the
 *   Spanhouse-Project value names (404 for a project that does not exist or was deleted);
 * - `Basic <public key>:<secret key>`: the project of the key (the environment's pair: the default
 *   project); a Spanhouse-Project value naming another project is a 403.
 *
 * A Basic check costs the same whatever is wrong with it: the secret is always hashed and compared
 * in constant time, against the key's stored hash or, for an unknown or revoked public key, a hash
 * that matches nothing; a failure is never remembered and never reads the database. Only verified
 * credentials are remembered (VERIFIED_MAX), each use checking that its key still authenticates.
 * `used` is told of each use of a stored key (for its last-used time).
 */
export function createAuthenticate(opts: {
  bearerToken?: string;
  ring: KeyRing;
  pepper: Buffer;
  used?: (keyId: string) => void;
}): Authenticate {
  const { ring, pepper } = opts;
  const verified = new LRUCache<string, { key: ActiveKey; principal: Principal }>({ max: VERIFIED_MAX });
  const noMatch = hashSecret(pepper, '\u0000no key has this secret');

  const onProject = (principal: Principal, named: string | undefined) => {
    if (named === undefined || named === principal.projectId) return { principal };
    if (principal.role !== 'admin') {
      return refused('FORBIDDEN', `this key acts on its own project only, not on the one Spanhouse-Project names`);
    }
    if (!ring.project(named)) return refused('NOT_FOUND', 'the project Spanhouse-Project names does not exist');
    return { principal: { ...principal, projectId: named } };
  };

  const basic = (value: string) => {
    const hit = verified.get(value);
    if (hit && ring.isActive(hit.key)) return hit;
    if (hit) verified.delete(value);
    if (!/^[A-Za-z0-9+/]+=*$/.test(value)) return undefined;
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    const key = ring.keyByPublicKey(decoded.slice(0, colon));
    // Always hashed and compared, so a wrong secret, an unknown key and a revoked one cost the same.
    const matches = timingSafeEqual(hashSecret(pepper, decoded.slice(colon + 1)), key?.hash ?? noMatch);
    if (!matches || !key) return undefined;
    const entry = {
      key,
      principal: {
        projectId: key.projectId,
        role: 'project' as const,
        ...(key.id === ENV_KEY_ID ? {} : { keyId: key.id }),
      },
    };
    verified.set(value, entry);
    return entry;
  };

  return ({ authorization, project }) => {
    if (!authorization) return INVALID;
    const space = authorization.indexOf(' ');
    if (space < 0) return INVALID;
    const scheme = authorization.slice(0, space).toLowerCase();
    const value = authorization.slice(space + 1).trim();
    if (scheme === 'bearer') {
      if (!opts.bearerToken || value.length === 0 || !safeEqual(value, opts.bearerToken)) return INVALID;
      return onProject({ projectId: DEFAULT_PROJECT_ID, role: 'admin' }, project);
    }
    if (scheme !== 'basic') return INVALID;
    const found = basic(value);
    if (!found) return INVALID;
    if (found.principal.keyId) opts.used?.(found.principal.keyId);
    return onProject(found.principal, project);
  };
}

/** The id of the environment's key pair among the active keys (it is configuration, not a row). */
export const ENV_KEY_ID = 'environment';
