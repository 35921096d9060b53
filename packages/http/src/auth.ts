import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';

/** The instance's configured credentials: the admin's bearer token and the default project's key pair. */
export type Credentials = {
  bearerToken?: string;
  publicKey?: string;
  secretKey?: string;
  /** The key of the HMAC that stored API key secrets are hashed with (docs/projects.md). */
  keyPepper?: string;
};

/** Who a request acts as, and on which project. */
export type Principal = {
  /** The project the request reads and writes. */
  projectId: string;
  /**
   * `admin`: the bearer token, which manages projects and keys and acts on any project (the
   * default, or the one its Spanhouse-Project header names); `project`: a project's key pair,
   * which acts on its own project only.
   */
  role: 'admin' | 'project';
  /** The stored key that authenticated (not the environment's pair, not the bearer token). */
  keyId?: string;
};

/** Why credentials were refused: 401 (none, wrong, revoked), 403 (not allowed here), 404 (no such project). */
export type AuthRefusal = { code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND'; message: string };

/**
 * The one credential check of every transport (HTTP here; the OTLP/gRPC receiver passes its
 * metadata values): the Authorization value and the Spanhouse-Project value in, a principal or a
 * refusal out. Synchronous: credentials are checked against memory, never a query per request.
 */
export type Authenticate = (request: {
  authorization?: string;
  project?: string;
}) => { principal: Principal } | { refused: AuthRefusal };

const INVALID = 'missing or invalid credentials';

/** The header naming the project an admin request acts on (docs/projects.md). */
export const PROJECT_HEADER = 'spanhouse-project';

/** Constant-time equality: both sides are hashed first, so length differences leak nothing either. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/**
 * Authenticates every request under the paths it is mounted on, with `authenticate`, and puts the
 * principal on the context (principalOf). `adminOnly`: the bearer token alone, 401 otherwise (GET
 * /metrics).
 * `environmentPair: false`: the environment's key pair (a project principal without a stored
 * key) is refused as before projects, where it was documented for /api/public and /prometheus
 * only; stored project keys work everywhere. Refusals answer 401 (with WWW-Authenticate), 403 or
 * 404 in the one error body.
 */
export function auth(
  authenticate: Authenticate,
  opts: { adminOnly?: boolean; environmentPair?: boolean } = {},
): MiddlewareHandler {
  return async (c, next) => {
    const outcome = authenticate({
      authorization: c.req.header('authorization'),
      project: c.req.header(PROJECT_HEADER),
    });
    const { principal } = 'refused' in outcome ? { principal: undefined } : outcome;
    const environmentPair = principal?.role === 'project' && principal.keyId === undefined;
    if ('refused' in outcome || (environmentPair && opts.environmentPair === false)) {
      const refusal = 'refused' in outcome ? outcome.refused : { code: 'UNAUTHORIZED' as const, message: INVALID };
      if (refusal.code === 'UNAUTHORIZED') c.header('WWW-Authenticate', 'Bearer, Basic realm="spanhouse"');
      throw new ApiError(refusal.code, refusal.message);
    }
    if (opts.adminOnly && outcome.principal.role !== 'admin') {
      c.header('WWW-Authenticate', 'Bearer');
      throw new ApiError('UNAUTHORIZED', 'this endpoint takes the bearer token (API_BEARER_TOKEN) only');
    }
    c.set('principal' as never, outcome.principal as never);
    await next();
  };
}

/** The principal `auth` put on the context: every route behind it has one. */
export function principalOf(c: Context): Principal {
  const p = c.get('principal' as never) as Principal | undefined;
  if (!p) throw new Error('no principal: the route is not behind auth()');
  return p;
}

/** The project a request behind `auth` acts on. */
export const projectOf = (c: Context): string => principalOf(c).projectId;

/** 403 unless the request is the admin's (the bearer token). */
export function requireAdmin(c: Context): void {
  if (principalOf(c).role !== 'admin') {
    throw new ApiError(
      'FORBIDDEN',
      "a project's key cannot administer projects or keys; use the bearer token (API_BEARER_TOKEN)",
    );
  }
}
