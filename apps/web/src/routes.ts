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

/**
 * The path decoded, or null when a percent-escape in it does not decode (cut short, as in a link
 * truncated by a copy, `/sessions/%E6%97`, or not an escape at all, `%ZZ`): the router would
 * throw on it. (The decoded value is returned, not dropped: a minifier removes an unused call.)
 */
export function decodePath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
