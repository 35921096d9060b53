import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { type Browser, findChromium } from '../support/web/browser.ts';
import { post } from '../support/web/seed.ts';
import { openSignedInBrowser, type SignedInBrowser } from '../support/web/signed-in-browser.ts';

/**
 * Moving between pages, in chromium against the real service on chDB: where a page opens and
 * where Back brings a list back to, the way from a trace back to the list it came from, and a page
 * of a trace or session that is not there.
 */
const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('moving between the pages of the web UI', () => {
  let ui: SignedInBrowser;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const url = (p: string) => ui.url(p);
  const iso = (ms: number) => new Date(ms).toISOString();
  const t0 = Date.now() - 10 * 60_000;

  beforeAll(async () => {
    ui = await openSignedInBrowser('web_navigation');
    ({ server, browser, page } = ui);
  });
  afterAll(() => ui?.close());

  it('opens pages at their top, and brings a list back to where it was scrolled on Back', async () => {
    const events = Array.from({ length: 80 }, (_, i) => ({
      id: `scroll-event-${i}`,
      type: 'trace-create',
      timestamp: iso(t0 - (i + 1) * 60_000),
      body: { id: `scroll-${i}`, timestamp: iso(t0 - (i + 1) * 60_000), name: `scrolled ${i}` },
    }));
    await post(server, '/api/public/ingestion', { batch: events }, 207);
    await page.goto(url('/traces?limit=100'));
    const link = page.getByRole('link', { name: 'scrolled 60', exact: true });
    await link.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate<number>('window.scrollY');
    expect(scrolled).toBeGreaterThan(1000);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/traces/scroll-60');
    await page.goBack();
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(scrolled);
    expect(await link.isVisible()).toBe(true);
    // A new visit to the list (the header's link) starts at its top.
    await page.getByRole('link', { name: 'Traces', exact: true }).click();
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(0);
    // Next at the bottom of a page shows the next page from its top; Back, the bottom again.
    await expect.poll(() => page.locator('table.traces tbody tr').count()).toBe(50);
    const next = page.getByRole('button', { name: 'Next →' });
    await next.scrollIntoViewIfNeeded();
    const bottom = await page.evaluate<number>('window.scrollY');
    expect(bottom).toBeGreaterThan(1000);
    await next.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBe(bottom);
  });

  it('leads from a trace back to the list it was opened from, after a deletion too', async () => {
    for (const id of ['temp-a', 'temp-b']) {
      await post(server, '/v1/l/batch', {
        trace: { id, timestamp: iso(t0 + 5_000), name: `disposable ${id}`, userId: 'temp-user' },
        observations: [],
      });
    }
    await page.goto(url('/traces?userId=temp-user&orderBy=timestamp.asc&limit=20'));
    await expect.poll(() => page.locator('table.traces tbody tr').count()).toBe(2);
    const list = page.url();
    expect(list).toContain('project=spanhouse');
    await page.getByRole('link', { name: 'disposable temp-a' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/traces/temp-a');
    await page.locator('.crumbs').getByRole('link', { name: 'Traces' }).click();
    await expect.poll(() => page.url()).toBe(list);
    await page.getByRole('link', { name: 'disposable temp-b' }).click();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete trace' }).click();
    await expect.poll(() => page.url()).toBe(list);
    await expect
      .poll(() => page.locator('table.traces tbody td.name').allTextContents())
      .toEqual(['disposable temp-a']);
  });

  it('says a trace or a session is not there inside its page, with the way back to its list', async () => {
    for (const [path, list, message, heading] of [
      ['/traces/no-such-trace', '/traces', 'trace no-such-trace not found', 'no-such-trace'],
      ['/sessions/no-such-session', '/sessions', 'session no-such-session not found', 'no-such-session'],
      // An id of blank space is shown quoted, so the page does not read as naming nothing.
      ['/sessions/%20', '/sessions', 'session " " not found', '" "'],
      ['/traces/%20%20', '/traces', 'trace "  " not found', '"  "'],
    ] as const) {
      await page.goto(url(path));
      const alert = page.locator('main.page').getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain(message);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
      await page.locator('main .crumbs a').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(list);
    }
  });

  it('says a link cut inside a percent-escape is cut short, with the way to its list', async () => {
    // A Japanese session id's link cut in its last character, and an escape that is none.
    for (const [path, list] of [
      ['/sessions/sess-%E6%97%A5%E6%9C%AC%E8%AA%9', '/sessions'],
      ['/traces/%ZZ', '/traces'],
    ] as const) {
      await page.goto(url(path));
      const alert = page.locator('main.page').getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain('This link is cut short');
      await alert.getByRole('link').click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(list);
    }
  });

  it("says a link's time bound that is not a time is refused, instead of showing everything", async () => {
    for (const path of ['/traces?range=custom&from=yesterday', '/sessions?range=custom&to=2026-13-45']) {
      await page.goto(url(path));
      const alert = page.locator('main.page').getByRole('alert');
      await expect.poll(() => alert.textContent()).toMatch(/(from|to)Timestamp: must be an ISO 8601 date-time/);
      expect(await page.locator('main.page table tbody tr').count()).toBe(0);
    }
  });

  it('logged no console error but the answers of the missing trace and session and the bad bounds', () => {
    expect(browser.errors).toEqual([
      expect.stringMatching(/status of 404 .*\/api\/public\/traces\/no-such-trace/),
      expect.stringMatching(/status of 404 .*\/api\/public\/sessions\/no-such-session/),
      expect.stringMatching(/status of 404 .*\/api\/public\/sessions\/%20/),
      expect.stringMatching(/status of 404 .*\/api\/public\/traces\/%20%20/),
      expect.stringMatching(/status of 400 .*\/api\/public\/traces\?.*fromTimestamp=yesterday/),
      expect.stringMatching(/status of 400 .*\/api\/public\/sessions\?.*toTimestamp=2026-13-45/),
    ]);
  });
});
