import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { type Browser, findChromium } from '../support/web/browser.ts';
import { callAsAdmin } from '../support/web/seed.ts';
import { openSignedInBrowser, type SignedInBrowser } from '../support/web/signed-in-browser.ts';

/**
 * The usage page (Debian's chromium through playwright-core, the real service on chDB) held
 * against GET /api/public/metrics/daily: days whose traces hold no observation.
 */
const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('the usage page', () => {
  let ui: SignedInBrowser;
  let server: TestServer;
  let browser: Browser;
  let page: Page;

  const call = (method: string, p: string, body?: unknown) => callAsAdmin(server, method, p, body);

  beforeAll(async () => {
    ui = await openSignedInBrowser('web_usage', {
      at: '/usage',
      seed: async (s) => {
        for (const id of ['bare-1', 'bare-2']) {
          await callAsAdmin(s, 'POST', '/v1/l/batch', {
            trace: { id, name: 'no observations', timestamp: new Date().toISOString() },
          });
        }
      },
    });
    ({ server, browser, page } = ui);
  });
  afterAll(() => ui?.close());

  it('says traces without observations have no tokens or cost, instead of empty charts', async () => {
    const daily = (await call('GET', '/api/public/metrics/daily')) as {
      data: { countTraces: number; usage: unknown[] }[];
    };
    expect(daily.data.map((d) => [d.countTraces, d.usage.length])).toEqual([[2, 0]]);
    const main = page.locator('main.page');
    await main.getByText('No tokens or cost in this range').waitFor();
    expect(await main.textContent()).toContain('2 traces');
    expect(await page.locator('.uplot').count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Usage by model' }).count()).toBe(0);
    // The days still show, with their traces.
    await expect.poll(() => page.locator('table tbody tr').first().textContent()).toMatch(/all models\s*2\s*0/);
    expect(browser.errors).toEqual([]);
  });

  it('filters by a tag holding a comma, written in quotes beside another tag', async () => {
    const generation = (id: string, model: string) => ({
      id,
      type: 'GENERATION',
      model,
      startTime: new Date().toISOString(),
      promptTokens: 10,
      completionTokens: 5,
    });
    await call('POST', '/v1/l/batch', {
      trace: { id: 'comma-tag', timestamp: new Date().toISOString(), tags: ['eu, west', 'beta'] },
      observations: [generation('comma-tag-gen', 'gpt-4o')],
    });
    await call('POST', '/v1/l/batch', {
      trace: { id: 'split-tags', timestamp: new Date().toISOString(), tags: ['eu', 'west', 'beta'] },
      observations: [generation('split-tags-gen', 'claude-3-5-haiku')],
    });
    await page.reload();
    const models = () =>
      page.getByRole('table', { name: 'Usage by model' }).locator('tbody tr td:first-child').allTextContents();
    await expect.poll(models).toEqual(expect.arrayContaining(['gpt-4o', 'claude-3-5-haiku']));
    await page.getByLabel('Tags').fill('"eu, west", beta');
    await page.getByLabel('Tags').press('Enter');
    await expect.poll(models).toEqual(['gpt-4o']);
    // Kept in the URL: a reload shows the same usage and the same words in the box.
    await page.reload();
    await expect.poll(models).toEqual(['gpt-4o']);
    expect(await page.getByLabel('Tags').inputValue()).toBe('"eu, west", beta');
    // Unquoted, the comma separates two tags, as on the trace list.
    await page.getByLabel('Tags').fill('eu, west');
    await page.getByLabel('Tags').press('Enter');
    await expect.poll(models).toEqual(['claude-3-5-haiku']);
    expect(browser.errors).toEqual([]);
  });
});
