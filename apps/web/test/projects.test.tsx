import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app.tsx';
import { currentProject } from '../src/auth/project-choice.ts';

type Call = { method: string; url: string; project: string | null; body?: unknown };

/** A service of two projects and their keys, recording each call and the project it named. */
function serve() {
  const calls: Call[] = [];
  const keys: Record<string, { id: string; publicKey: string; displaySecretKey: string; note: string | null }[]> = {
    spanhouse: [],
    p2: [{ id: 'k-old', publicKey: 'pk-sh-old', displaySecretKey: 'sk-sh-...abcd', note: 'old' }],
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    const path = url.split('?')[0]!;
    calls.push({
      method,
      url,
      project: headers.get('Spanhouse-Project'),
      body: init.body && JSON.parse(String(init.body)),
    });
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (path === '/api/public/projects') {
      return json({
        data: [
          { id: 'spanhouse', name: 'spanhouse' },
          { id: 'p2', name: 'team two' },
        ],
      });
    }
    const keyPath = /^\/api\/public\/projects\/([^/]+)\/apiKeys(?:\/([^/]+))?$/.exec(path);
    if (keyPath) {
      const list = keys[keyPath[1]!]!;
      if (method === 'POST') {
        const created = {
          id: 'k-new',
          publicKey: 'pk-sh-new',
          secretKey: 'sk-sh-new-secret',
          displaySecretKey: 'sk-sh-...cret',
          note: 'ci',
        };
        list.push(created);
        return json(created, 201);
      }
      if (method === 'DELETE') {
        keys[keyPath[1]!] = list.filter((k) => k.id !== keyPath[2]);
        return json({ success: true });
      }
      return json({
        apiKeys: list.map((k) => ({ ...k, createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: null, expiresAt: null })),
      });
    }
    if (path === '/api/public/traces') {
      return json({ data: [], meta: { page: 1, limit: 50, totalItems: 0, totalPages: 0 } });
    }
    return json({ message: 'no route', code: 'NOT_FOUND', data: null }, 404);
  });
  return calls;
}

beforeEach(() => sessionStorage.setItem('spanhouse.credentials', JSON.stringify({ kind: 'bearer', token: 't' })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('projects in the UI', () => {
  it('the admin switches projects: the header shows the choice and every call names it', async () => {
    history.replaceState(null, '', '/traces');
    const calls = serve();
    render(<App />);
    const picker = (await screen.findByLabelText('Project')) as HTMLSelectElement;
    expect(picker.value).toBe('spanhouse');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/public/traces'))).toBe(true));
    expect(calls.find((c) => c.url.startsWith('/api/public/traces'))!.project).toBe('spanhouse');
    fireEvent.change(picker, { target: { value: 'p2' } });
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/public/traces')).at(-1)!.project).toBe('p2'));
    expect(sessionStorage.getItem('spanhouse.project')).toBe('p2');
  });

  it("a key pair sees its own project's name, and no switcher", async () => {
    sessionStorage.setItem('spanhouse.credentials', JSON.stringify({ kind: 'keys', publicKey: 'pk', secretKey: 'sk' }));
    history.replaceState(null, '', '/traces');
    vi.stubGlobal(
      'fetch',
      async (url: string) =>
        new Response(
          JSON.stringify(
            url.startsWith('/api/public/projects')
              ? { data: [{ id: 'p2', name: 'team two' }] }
              : { data: [], meta: { page: 1, limit: 50, totalItems: 0, totalPages: 0 } },
          ),
        ),
    );
    render(<App />);
    expect(await screen.findByText('team two')).toBeTruthy();
    expect(screen.queryByLabelText('Project')).toBeNull();
  });

  it('settings: a new key shows its secret once with copy buttons; revoking asks first', async () => {
    history.replaceState(null, '', '/settings');
    sessionStorage.setItem('spanhouse.project', 'p2');
    const calls = serve();
    const copied: string[] = [];
    vi.stubGlobal('navigator', { clipboard: { writeText: async (t: string) => void copied.push(t) } });
    vi.stubGlobal('confirm', () => true);
    render(<App />);
    expect(await screen.findByText('pk-sh-old')).toBeTruthy();
    fireEvent.input(screen.getByPlaceholderText('Note (what uses it)'), { target: { value: 'ci' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const secret = (await screen.findByLabelText('Secret key')) as HTMLInputElement;
    expect(secret.value).toBe('sk-sh-new-secret');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/public/projects/p2/apiKeys',
      body: { note: 'ci' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret key' }));
    await waitFor(() => expect(copied).toEqual(['sk-sh-new-secret']));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Secret key')).toBeNull();
    // The listing shows the display form only.
    expect(screen.queryByText('sk-sh-new-secret')).toBeNull();
    expect(await screen.findByText('sk-sh-...cret')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke' })[0]!);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/apiKeys/k-old'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('pk-sh-old')).toBeNull());
  });

  it('picks the chosen project, else the default one, else the first', () => {
    const list = [
      { id: 'a', name: 'a' },
      { id: 'spanhouse', name: 'default' },
    ];
    expect(currentProject(list, 'a')?.id).toBe('a');
    expect(currentProject(list, 'gone')?.id).toBe('spanhouse');
    expect(currentProject([{ id: 'only', name: 'x' }], null)?.id).toBe('only');
    expect(currentProject([], null)).toBeNull();
  });
});
