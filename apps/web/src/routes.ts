/**
 * The paths the single-page app answers. The server sends index.html for these (and `/`) only,
 * so every other path, /api/... above all, keeps the API's JSON 404. Kept free of browser code:
 * the server imports it.
 */
export const CLIENT_ROUTE_PREFIXES = ['/traces', '/sessions', '/usage', '/explore', '/settings'] as const;

/** True for `/` and for a client route or anything below one (`/traces/abc`). */
export function isClientRoute(path: string): boolean {
  if (path === '/' || path === '') return true;
  return CLIENT_ROUTE_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}
