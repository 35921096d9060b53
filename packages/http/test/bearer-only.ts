import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { type Authenticate, safeEqual } from '../src/auth.ts';

/**
 * The credential check of a frame without projects, for tests of the frame itself: the bearer
 * token alone, as the admin on the default project (packages/projects has the real one).
 */
export function bearerOnly(token: string): Authenticate {
  return ({ authorization }) =>
    authorization?.startsWith('Bearer ') && safeEqual(authorization.slice(7), token)
      ? { principal: { projectId: DEFAULT_PROJECT_ID, role: 'admin' } }
      : { refused: { code: 'UNAUTHORIZED', message: 'missing or invalid credentials' } };
}
