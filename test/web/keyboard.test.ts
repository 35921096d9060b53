import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, findChromium } from '../support/web/browser.ts';
import { post } from '../support/web/seed.ts';
import { openSignedInBrowser, type SignedInBrowser } from '../support/web/signed-in-browser.ts';

/**
 * The keyboard in chromium against the real service on chDB, as someone who uses both keys and
 * the mouse: keys after a click on a button, Enter on a link reached with Tab, the active row of a
 * list that was just filtered.
 */
const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('the web UI from the keyboard', () => {
  let ui: SignedInBrowser;
  let browser: Browser;
  let page: Page;
  const url = (p: string) => ui.url(p);
  const iso = (ms: number) => new Date(ms).toISOString();
  const rows = () => page.locator('table.traces tbody tr');
  const activeRow = () => page.locator('table.traces tbody tr.active').getAttribute('data-row-index', { timeout: 500 });
  const selected = () => new URL(page.url()).searchParams.get('observation');
  const t0 = Date.now() - 60 * 60_000;

  beforeAll(async () => {
    ui = await openSignedInBrowser('web_keyboard', {
      seed: async (s) => {
        // Six traces, newest first t5..t0, of two users; t5 has a span with two children.
        for (let i = 0; i < 6; i++) {
          const at = t0 + i * 60_000;
          await post(s, '/v1/l/batch', {
            trace: { id: `t${i}`, timestamp: iso(at), name: `trace ${i}`, userId: i % 2 ? 'odd-user' : 'even-user' },
            observations: [
              { id: `t${i}-root`, name: 'root', startTime: iso(at), endTime: iso(at + 900) },
              {
                id: `t${i}-a`,
                name: 'a',
                parentObservationId: `t${i}-root`,
                startTime: iso(at),
                endTime: iso(at + 300),
              },
              {
                id: `t${i}-b`,
                name: 'b',
                parentObservationId: `t${i}-root`,
                startTime: iso(at + 300),
                endTime: iso(at + 900),
              },
            ],
          });
        }
      },
    });
    ({ browser, page } = ui);
  });
  afterAll(() => ui?.close());

  it('Enter on a link reached with Tab opens that link, not the active row', async () => {
    await expect.poll(() => rows().count()).toBe(6);
    await page.getByRole('heading', { name: 'Traces' }).click();
    await page.keyboard.press('j');
    await expect.poll(activeRow).toBe('0');
    // The fourth row's name, focused as Tab reaches it.
    await rows().nth(3).getByRole('link', { name: 'trace 2' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/traces/t2');
  });

  it("starts a list filtered by a user's name with no active row, and j moves from its first row", async () => {
    await page.goto(url('/traces'));
    await expect.poll(() => rows().count()).toBe(6);
    await page.getByRole('heading', { name: 'Traces' }).click();
    for (const _ of [1, 2, 3, 4]) await page.keyboard.press('j');
    await expect.poll(activeRow).toBe('3');
    // The row's user name filters the list; the focus stays on that button.
    await rows().nth(3).getByRole('button', { name: 'even-user' }).click();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await page.locator('table.traces tbody tr.active').count()).toBe(0);
    await page.keyboard.press('j');
    await expect.poll(activeRow).toBe('0');
    await page.keyboard.press('j');
    await expect.poll(activeRow).toBe('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/traces/t2');
  });

  it('moves through the tree after a click on its buttons', async () => {
    await page.goto(url('/traces/t5'));
    await page.locator('.obs-row').first().waitFor();
    await page.getByRole('button', { name: 'Collapse all' }).click();
    await page.keyboard.press('j');
    await expect.poll(selected).toBe('t5-root');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('.obs-row').count()).toBe(3);
    await page.locator('.trace-row').click();
    await expect.poll(selected).toBe(null);
    await page.keyboard.press('j');
    await expect.poll(selected).toBe('t5-root');
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await page.keyboard.press('j');
    await expect.poll(selected).toBe('t5-a');
    await page.keyboard.press('Escape');
    await expect.poll(selected).toBe(null);
  });

  it('logged no console error', () => {
    expect(browser.errors).toEqual([]);
  });
});
