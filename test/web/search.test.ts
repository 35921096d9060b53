import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST_DIR } from '@spanhouse/web';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { type Browser, findChromium, openBrowser, screenshot } from '../support/web/browser.ts';
import { type Seeded, seed } from '../support/web/seed.ts';

/**
 * Search in the web UI (Debian's chromium through playwright-core, the real service on chDB): the
 * search box of the trace and session lists, the search in the URL, and the terms marked in the
 * trace a search opened: its conversation, plain text and JSON.
 */
const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('search in the web UI', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let data: Seeded;
  const url = (p: string) => `${server.baseUrl}${p}`;
  const rows = () => page.locator('table.traces tbody tr');

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
      throw new Error('the web UI is not built: run `pnpm --filter @spanhouse/web build` (pnpm test builds it first)');
    }
    server = await startTestServer('web_search');
    data = await seed(server);
    browser = await openBrowser(chromiumPath!);
    page = browser.page;
    await page.goto(url('/traces'));
    await page.getByLabel('API token').fill(server.credentials.bearerToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('table.traces').waitFor();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('searches the trace list from the box, puts the search in the URL and keeps it on reload', async () => {
    await page.getByLabel('Search').fill('PARIS weather');
    await page.getByLabel('Search').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('PARIS weather');
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('What is the weather in Paris today?');
    await page.reload();
    await expect.poll(() => rows().count()).toBe(1);
    expect(await page.getByLabel('Search').inputValue()).toBe('PARIS weather');
    await screenshot(page, 'traces-search');
  });

  it("marks the search's terms in the conversation of the trace it opens", async () => {
    await rows().first().locator('td.name a').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/traces/${data.chatTraceId}`);
    expect(new URL(page.url()).searchParams.get('search')).toBe('PARIS weather');
    await page.locator(`[data-observation-id="${data.generationId}"]`).click();
    const detail = page.getByRole('article', { name: 'Selected observation' });
    const marks = detail.locator('.chat mark');
    await expect.poll(() => marks.count()).toBeGreaterThan(1);
    const marked = (await marks.allTextContents()).map((s) => s.toLowerCase());
    expect(marked).toContain('paris');
    expect(marked).toContain('weather');
    // The selection joins the search in the URL; the marks survive a reload of that link.
    expect(new URL(page.url()).searchParams.get('observation')).toBe(data.generationId);
    await page.reload();
    await expect.poll(() => page.locator('.chat mark').count()).toBeGreaterThan(1);
    await screenshot(page, 'trace-search-marks');
  });

  it.each([
    {
      what: 'a phrase in plain-text input',
      trace: { input: 'they say it was the late delivery again', output: 'Sorry about that.' },
      search: '"late delivery"',
      marked: ['late delivery'],
    },
    {
      what: 'a Japanese word inside plain-text input',
      trace: { input: '明日の天気を教えてください' },
      search: '天気',
      marked: ['天気'],
    },
    {
      what: 'words inside JSON output and metadata, any case',
      trace: { output: { choices: [{ message: { content: 'answer42' } }] }, metadata: { note: 'Quokka seen' } },
      search: 'ANSWER42 quokka',
      marked: ['answer42', 'Quokka'],
    },
    {
      what: 'a word folded beyond lowering (ß as ss) in plain-text output',
      trace: { input: 'where to?', output: 'Die Straße ist gesperrt' },
      search: 'STRASSE',
      marked: ['Straße'],
    },
  ])('marks the search where the trace shows its text: $what', async ({ trace, search, marked }) => {
    const id = `e2e-marks-${marked[0]!.codePointAt(0)}-${marked[0]!.length}`;
    const res = await fetch(url('/v1/l/batch'), {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${server.credentials.bearerToken}`,
        'Content-Type': 'application/json',
        'Spanhouse-Wait': 'commit',
      },
      body: JSON.stringify({ trace: { id, timestamp: new Date().toISOString(), name: 'marks', ...trace } }),
    });
    expect(res.status).toBe(200);
    // Found by the list's search, opened from it: the trace itself (no selection) shows the texts.
    await page.goto(url(`/traces?search=${encodeURIComponent(search)}`));
    await expect.poll(() => rows().count()).toBe(1);
    await rows().first().locator('td.name a').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/traces/${id}`);
    const marks = page.getByRole('article', { name: 'Trace' }).locator('mark');
    await expect.poll(() => marks.allTextContents()).toEqual(marked);
  });

  it('says why a search is refused, and finds a session by what was said in it', async () => {
    await page.goto(url(`/traces?search=${encodeURIComponent('猫')}`));
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/at least two characters/);
    await page.goto(url('/sessions'));
    await page.getByLabel('Search').fill('tomorrow');
    await page.getByLabel('Search').press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('tomorrow');
    await expect
      .poll(() => page.locator('table.list tbody tr').allTextContents())
      .toEqual([expect.stringContaining(data.sessionId)]);
  });

  it('marks the terms in the session the search found, and in the traces opened from it', async () => {
    await page.goto(url(`/sessions?search=${encodeURIComponent('PARIS weather')}`));
    await page.locator('table.list tbody tr a').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/sessions/${encodeURIComponent(data.sessionId)}`);
    expect(new URL(page.url()).searchParams.get('search')).toBe('PARIS weather');
    const marks = page.locator('.session-traces mark');
    // The first turn's input and output, as the trace shows them.
    await expect.poll(() => marks.allTextContents()).toEqual(['weather', 'Paris', 'Paris']);
    await page.reload();
    await expect.poll(() => marks.allTextContents()).toEqual(['weather', 'Paris', 'Paris']);
    await page
      .locator('.session-traces li')
      .filter({ has: page.locator('mark') })
      .locator('header a')
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/traces/${data.chatTraceId}`);
    expect(new URL(page.url()).searchParams.get('search')).toBe('PARIS weather');
    await expect.poll(() => page.getByRole('article', { name: 'Trace' }).locator('mark').count()).toBeGreaterThan(0);
  });

  it("carries the search from a searched trace list's session link, and from a trace's session", async () => {
    await page.goto(url(`/traces?search=${encodeURIComponent('PARIS weather')}`));
    await rows().first().getByRole('link', { name: data.sessionId }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/sessions/${encodeURIComponent(data.sessionId)}`);
    expect(new URL(page.url()).searchParams.get('search')).toBe('PARIS weather');
    await expect.poll(() => page.locator('.session-traces mark').count()).toBeGreaterThan(0);

    await page.goto(url(`/traces/${data.chatTraceId}?search=${encodeURIComponent('PARIS weather')}`));
    await page.getByRole('link', { name: data.sessionId }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/sessions/${encodeURIComponent(data.sessionId)}`);
    expect(new URL(page.url()).searchParams.get('search')).toBe('PARIS weather');
  });

  it('keeps a search typed before the page has painted, as on a loaded machine', async () => {
    // A tab whose frames and timers run 400 ms late once `slow` is set in its sessionStorage (after
    // the sign-in): whatever the page defers past its first render runs after the typing.
    const slow = await browser.context.newPage();
    await slow.addInitScript(`if (sessionStorage.getItem('slow')) {
      const later = window.setTimeout.bind(window);
      window.requestAnimationFrame = (cb) => later(() => cb(performance.now()), 400);
      window.setTimeout = (fn, ms, ...args) => later(fn, (ms ?? 0) + 400, ...args);
    }`);
    try {
      // A new tab has none of the first one's sign-in (sessionStorage).
      await slow.goto(url('/sessions'));
      await slow.getByLabel('API token').fill(server.credentials.bearerToken);
      await slow.getByRole('button', { name: 'Sign in' }).click();
      await slow.locator('table.list').waitFor();
      await slow.evaluate("sessionStorage.setItem('slow', '1')");
      await slow.reload();
      await slow.getByLabel('Search').fill('tomorrow');
      await slow.getByLabel('Search').press('Enter');
      await expect.poll(() => new URL(slow.url()).searchParams.get('search')).toBe('tomorrow');
      await expect
        .poll(() => slow.locator('table.list tbody tr').allTextContents())
        .toEqual([expect.stringContaining(data.sessionId)]);
    } finally {
      await slow.close();
    }
  });
});
