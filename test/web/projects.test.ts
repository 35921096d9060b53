import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { type Browser, findChromium, screenshot } from '../support/web/browser.ts';
import { callAsAdmin } from '../support/web/seed.ts';
import { openSignedInBrowser, type SignedInBrowser } from '../support/web/signed-in-browser.ts';

/**
 * Projects in the web UI (Debian's chromium through playwright-core, the real service on chDB):
 * the project in the URL across tabs, a project switch and a deleted project, list pages past
 * their end, a metric the project lacks, Settings' errors and the sign-in after a revoked key.
 */
const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('projects in the web UI', () => {
  let ui: SignedInBrowser;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let beta: string;
  const url = (p: string) => ui.url(p);
  const rows = (p: Page = page) => p.locator('table.traces tbody tr');

  const call = (method: string, p: string, body?: unknown, project?: string) =>
    callAsAdmin(server, method, p, body, project);
  const trace = (id: string, name: string, project?: string, sessionId?: string) =>
    call(
      'POST',
      '/v1/l/batch',
      { trace: { id, name, timestamp: new Date().toISOString(), ...(sessionId ? { session_id: sessionId } : {}) } },
      project,
    );
  const signIn = async (p: Page) => {
    await p.getByLabel('API token').fill(server.credentials.bearerToken);
    await p.getByRole('button', { name: 'Sign in' }).click();
  };

  beforeAll(async () => {
    ui = await openSignedInBrowser('web_projects', {
      seed: async (s) => {
        // The helpers above (call, trace) write through `server`.
        server = s;
        beta = String((await call('POST', '/api/public/projects', { name: 'team beta' })).id);
        await trace('shared-1', 'default-shared');
        await trace('shared-1', 'beta-shared', beta);
        for (let i = 0; i < 5; i++) await trace(`beta-${i}`, `beta trace ${i}`, beta, 'beta-session');
      },
    });
    ({ browser, page } = ui);
    await rows().first().waitFor();
  });
  afterAll(() => ui?.close());

  it("names the project in the URL; another tab opens the same project's trace", async () => {
    await expect.poll(() => new URL(page.url()).searchParams.get('project')).toBe('spanhouse');
    await page.getByLabel('Project').selectOption({ label: 'team beta' });
    await expect.poll(() => page.url()).toBe(url(`/traces?project=${beta}`));
    await expect.poll(() => rows().count()).toBe(6);
    await rows().filter({ hasText: 'beta-shared' }).locator('td.name a').click();
    await expect.poll(() => page.url()).toBe(url(`/traces/shared-1?project=${beta}`));
    await page.getByRole('heading', { level: 1, name: 'beta-shared' }).waitFor();

    // A new tab: signed out (sessionStorage is per tab), with no project chosen in it.
    const other = await browser.context.newPage();
    try {
      await other.goto(page.url());
      await signIn(other);
      await other.getByRole('heading', { level: 1, name: 'beta-shared' }).waitFor();
      expect(await other.getByLabel('Project').inputValue()).toBe(beta);
    } finally {
      await other.close();
    }
  });

  it("a switch on a trace page goes to the other project's list, not to its trace of the same id", async () => {
    await page.getByLabel('Project').selectOption({ label: 'spanhouse' });
    await expect.poll(() => page.url()).toBe(url('/traces?project=spanhouse'));
    await expect.poll(() => rows().allTextContents()).toEqual([expect.stringContaining('default-shared')]);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'beta-shared' }).waitFor();
  });

  it('says a list page past the end holds nothing, and leads back', async () => {
    await page.goto(url(`/traces?project=${beta}&page=3&limit=20`));
    await page.getByText('No traces on this page').waitFor();
    expect(await page.locator('.state.empty').textContent()).toContain('the list has 6 traces on 1 page');
    expect(await page.getByText('No traces stored yet').count()).toBe(0);
    await screenshot(page, 'traces-past-the-end');
    await page.getByRole('button', { name: 'Go to the first page' }).click();
    await expect.poll(() => rows().count()).toBe(6);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(new URL(page.url()).searchParams.get('project')).toBe(beta);

    await page.goto(url(`/sessions?project=${beta}&page=5`));
    await page.getByText('No sessions on this page').waitFor();
    await page.getByRole('button', { name: 'Go to the first page' }).click();
    await expect
      .poll(() => page.locator('table.list tbody tr').allTextContents())
      .toEqual([expect.stringContaining('beta-session')]);
  });

  it("says a metric is not in the project when it is not among the project's names", async () => {
    await call('POST', '/v1/metrics/batch', {
      metrics: [{ name: 'req_total', value: 1, timestamp: new Date().toISOString() }],
    });
    await page.goto(url(`/explore?project=${beta}&name=req_total`));
    await page.getByText('No metric req_total in project team beta').waitFor();
    await page.goto(url('/explore?project=spanhouse&name=req_total'));
    await page.locator('.uplot').first().waitFor();
  });

  it("Settings: a refused project name's error goes with the next action's success", async () => {
    await page.goto(url(`/settings?project=${beta}`));
    await page.getByPlaceholder('Name (3 to 60 characters)').fill('<b>bold</b>');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/HTML tags/);
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByRole('textbox', { name: 'Secret key', exact: true }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it("Settings: a new key's Copy buttons copy where the Clipboard API is missing (plain http)", async () => {
    const tab = await browser.context.newPage();
    try {
      // As over plain http at a LAN address: no navigator.clipboard outside a secure context.
      await tab.addInitScript(`
        Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
        window.copied = [];
        document.addEventListener('copy', () => window.copied.push(String(document.getSelection())));
      `);
      await tab.goto(url('/settings?project=spanhouse'));
      await signIn(tab);
      await tab.getByRole('button', { name: 'Create key' }).click();
      const secret = await tab.getByRole('textbox', { name: 'Secret key', exact: true }).inputValue();
      await tab.getByRole('button', { name: 'Copy secret key' }).click();
      await expect.poll(() => tab.getByRole('button', { name: 'Copy secret key' }).textContent()).toBe('Copied');
      expect(await tab.evaluate('window.copied')).toEqual([secret]);
    } finally {
      await tab.close();
    }
  });

  it('a deleted project: its links say so instead of showing the default project', async () => {
    await page.goto(url(`/traces/shared-1?project=${beta}`));
    await page.getByRole('heading', { level: 1, name: 'beta-shared' }).waitFor();
    await call('DELETE', `/api/public/projects/${beta}`);
    await page.reload();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/Project .* does not exist/);
    expect(await page.getByText('default-shared').count()).toBe(0);
    await screenshot(page, 'project-deleted');
  });

  it('signed out by a revoked key, the form opens on the key pair', async () => {
    const key = await call('POST', '/api/public/projects/spanhouse/apiKeys', { note: 'e2e' });
    const tab = await browser.context.newPage();
    try {
      await tab.goto(url('/traces'));
      await tab.getByRole('tab', { name: 'Key pair' }).click();
      await tab.getByLabel('Public key').fill(String(key.publicKey));
      await tab.getByLabel('Secret key').fill(String(key.secretKey));
      await tab.getByRole('button', { name: 'Sign in' }).click();
      await rows(tab).first().waitFor();
      await call('DELETE', `/api/public/projects/spanhouse/apiKeys/${key.id}`);
      await tab.getByRole('button', { name: 'Refresh' }).click();
      await tab.getByText(/no longer accepts these credentials/).waitFor();
      expect(await tab.getByRole('tab', { name: 'Key pair' }).getAttribute('aria-selected')).toBe('true');
      expect(await tab.getByLabel('Public key').count()).toBe(1);
      expect(await tab.getByLabel('API token').count()).toBe(0);
    } finally {
      await tab.close();
    }
  });
});
