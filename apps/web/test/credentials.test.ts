import { describe, expect, it } from 'vitest';
import { ApiError, createApi, toQueryString } from '../src/api/client.ts';
import {
  authorizationHeader,
  cleanPasted,
  clearCredentials,
  loadCredentials,
  saveCredentials,
} from '../src/auth/credentials.ts';

describe('credentials', () => {
  it('builds Bearer and Basic headers (Basic over UTF-8)', () => {
    expect(authorizationHeader({ kind: 'bearer', token: 'sh_abc' })).toBe('Bearer sh_abc');
    const basic = authorizationHeader({ kind: 'keys', publicKey: 'pk-1', secretKey: 'sk-é' });
    expect(Buffer.from(basic.slice('Basic '.length), 'base64').toString('utf8')).toBe('pk-1:sk-é');
  });

  it('cleans what people paste: space, quotes, the banner line', () => {
    expect(cleanPasted('  sh_abc \n')).toBe('sh_abc');
    expect(cleanPasted('API_BEARER_TOKEN=sh_abc')).toBe('sh_abc');
    expect(cleanPasted('  SECRET_KEY=sk-sh-1')).toBe('sk-sh-1');
    expect(cleanPasted('export API_BEARER_TOKEN="sh_abc"')).toBe('sh_abc');
    expect(cleanPasted("'sh_x'")).toBe('sh_x');
    // A token that merely contains "=" is kept whole.
    expect(cleanPasted('abc=def')).toBe('abc=def');
  });

  it('keeps credentials in the given storage only, and forgets them on sign-out', () => {
    const storage = window.sessionStorage;
    saveCredentials({ kind: 'keys', publicKey: 'pk', secretKey: 'sk' }, storage);
    expect(loadCredentials(storage)).toEqual({ kind: 'keys', publicKey: 'pk', secretKey: 'sk' });
    expect(window.localStorage.length).toBe(0);
    clearCredentials(storage);
    expect(loadCredentials(storage)).toBeNull();
    storage.setItem('spanhouse.credentials', '{not json');
    expect(loadCredentials(storage)).toBeNull();
  });
});

describe('API client', () => {
  it('encodes arrays as repeated keys and leaves empty values out', () => {
    expect(toQueryString({ tags: ['a', 'b'], name: '', userId: undefined, page: 2 })).toBe('?tags=a&tags=b&page=2');
    expect(toQueryString({})).toBe('');
  });

  it('sends the Authorization header and returns the JSON body', async () => {
    const seen: [string, RequestInit | undefined][] = [];
    const api = createApi(
      { kind: 'bearer', token: 't' },
      {
        fetch: async (url, init) => {
          seen.push([String(url), init]);
          return new Response(JSON.stringify({ data: [1] }), { status: 200 });
        },
      },
    );
    expect(await api.get('/api/public/x', { tags: ['a'] })).toEqual({ data: [1] });
    expect(seen[0]![0]).toBe('/api/public/x?tags=a');
    expect((seen[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer t');
  });

  it("turns the API's error body into an ApiError and reports a 401", async () => {
    let unauthorized = 0;
    const api = createApi(
      { kind: 'bearer', token: 'bad' },
      {
        fetch: async () =>
          new Response(
            JSON.stringify({ message: 'missing or invalid credentials', code: 'UNAUTHORIZED', data: null }),
            {
              status: 401,
            },
          ),
        onUnauthorized: () => unauthorized++,
      },
    );
    const err = await api.get('/api/public/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'missing or invalid credentials' });
    expect(unauthorized).toBe(1);
  });

  it('says the service could not be reached when the request fails', async () => {
    const api = createApi(
      { kind: 'bearer', token: 't' },
      {
        fetch: async () => {
          throw new TypeError('fetch failed');
        },
      },
    );
    await expect(api.get('/api/public/x')).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/could not be reached/),
    });
  });
});
