/**
 * What the user signs in with: the API bearer token, or the public/secret key pair (HTTP Basic,
 * which the service accepts on /api/public). Kept in sessionStorage: gone when the browser
 * session ends, never written to a URL, a cookie or localStorage.
 */
export type Credentials = { kind: 'bearer'; token: string } | { kind: 'keys'; publicKey: string; secretKey: string };

const STORAGE_KEY = 'spanhouse.credentials';

/** Base64 of UTF-8 bytes (btoa alone only takes Latin-1). */
function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function authorizationHeader(c: Credentials): string {
  return c.kind === 'bearer' ? `Bearer ${c.token}` : `Basic ${base64Utf8(`${c.publicKey}:${c.secretKey}`)}`;
}

/**
 * A pasted credential as the service means it: surrounding space and quotes dropped, and the
 * `NAME=` prefix dropped when a whole line of the start-up banner was copied
 * (`API_BEARER_TOKEN=sh_...`).
 */
export function cleanPasted(value: string): string {
  let s = value.trim();
  const assignment = /^(?:export\s+)?[A-Z_]+=(.*)$/s.exec(s);
  if (assignment) s = assignment[1]!.trim();
  if (s.length >= 2 && (s[0] === '"' || s[0] === "'") && s.at(-1) === s[0]) s = s.slice(1, -1).trim();
  return s;
}

export function loadCredentials(storage: Storage = sessionStorage): Credentials | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const c = JSON.parse(raw) as Record<string, unknown>;
    if (c.kind === 'bearer' && typeof c.token === 'string' && c.token) return { kind: 'bearer', token: c.token };
    if (c.kind === 'keys' && typeof c.publicKey === 'string' && typeof c.secretKey === 'string') {
      return { kind: 'keys', publicKey: c.publicKey, secretKey: c.secretKey };
    }
  } catch {
    // unreadable storage or JSON: treated as signed out
  }
  return null;
}

export function saveCredentials(c: Credentials, storage: Storage = sessionStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(c));
}

export function clearCredentials(storage: Storage = sessionStorage): void {
  storage.removeItem(STORAGE_KEY);
}

/** What the header says about who is signed in, without showing the secret. */
export function describeCredentials(c: Credentials): string {
  return c.kind === 'bearer' ? 'API token' : `key ${c.publicKey}`;
}
