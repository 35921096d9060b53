import { fileURLToPath } from 'node:url';

/**
 * What the server needs to serve the UI: the folder `pnpm --filter @spanhouse/web build` writes
 * (index.html and hashed assets/) and which paths are the app's own routes.
 */
export const WEB_DIST_DIR = fileURLToPath(new URL('./dist', import.meta.url));
export { CLIENT_ROUTE_PREFIXES, isClientRoute } from './src/routes.ts';
