import type { Credentials } from '../auth/credentials.ts';
import { authorizationHeader } from '../auth/credentials.ts';

/** A failed call: the API's `{message, code}` when it sent one, else what went wrong on the way. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type QueryValue = string | number | readonly string[] | undefined | null;
export type Query = Record<string, QueryValue>;

/** `?a=1&tags=x&tags=y` (arrays as repeated keys); empty values left out. */
export function toQueryString(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export type Api = {
  get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T>;
  /** A write (the admin's project and key operations): a JSON body in, the JSON answer out. */
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
};

/** The header naming the project the admin acts on (docs/projects.md). */
export const PROJECT_HEADER = 'Spanhouse-Project';

/**
 * Calls the service's API with the signed-in credentials, as the admin on `project` when one is
 * given (the Spanhouse-Project header). `onUnauthorized` runs on a 401, so a revoked or changed
 * token sends the user back to sign-in instead of showing empty pages.
 */
export function createApi(
  credentials: Credentials,
  opts: { fetch?: typeof fetch; onUnauthorized?: () => void; base?: string; project?: string } = {},
): Api {
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const base = opts.base ?? '';
  const headers = (): Record<string, string> => ({
    Authorization: authorizationHeader(credentials),
    Accept: 'application/json',
    ...(opts.project ? { [PROJECT_HEADER]: opts.project } : {}),
  });
  const call = async <T>(path: string, init: RequestInit & { headers?: Record<string, string> }): Promise<T> => {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, headers: { ...headers(), ...init.headers } });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiError(0, 'NETWORK', 'The service could not be reached. Is it running? Check the address and retry.');
    }
    const body = await res.json().catch(() => undefined);
    if (res.ok && body !== undefined) return body as T;
    if (res.status === 401) opts.onUnauthorized?.();
    const known = body as { message?: unknown; code?: unknown } | undefined;
    throw new ApiError(
      res.status,
      typeof known?.code === 'string' ? known.code : `HTTP_${res.status}`,
      typeof known?.message === 'string' ? known.message : `The service answered ${res.status} without a usable body.`,
    );
  };
  return {
    get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
      call<T>(`${path}${toQueryString(query)}`, { signal }),
    send: <T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      call<T>(path, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
      }),
  };
}
