import { fileURLToPath } from 'node:url';

/**
 * What the server needs to serve the UI: the folder `pnpm --filter @spanhouse/web build` writes
 * (index.html and hashed assets/) and which paths are the app's own routes. The folder is named
 * from the repository root, three levels above this file and above an app's bundle
 * (apps/<app>/dist/main.mjs) alike, so it resolves the same from source and from a bundle
 * (as @spanhouse/db's MIGRATIONS_DIR does).
 */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../../apps/web/dist', import.meta.url));
export { CLIENT_ROUTE_PREFIXES, isClientRoute } from './routes.ts';
