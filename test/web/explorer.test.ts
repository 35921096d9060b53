import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { type Browser, findChromium } from '../support/web/browser.ts';
import { callAsAdmin } from '../support/web/seed.ts';
import { openSignedInBrowser, type SignedInBrowser } from '../support/web/signed-in-browser.ts';

/**
 * The metrics explorer (Debian's chromium through playwright-core, the real service on chDB),
 * held against what the query API answers for the same parameters: label filters, an empty
 * label value among them.
 */
const chromiumPath = findChromium();

describe.skipIf(!chromiumPath)('the metrics explorer', () => {
  let ui: SignedInBrowser;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const url = (p: string) => ui.url(p);
  const seriesNames = () =>
    page.locator('table[aria-label="Series numbers"] tbody tr td:first-child').allTextContents();

  const call = (method: string, p: string, body?: unknown) => callAsAdmin(server, method, p, body);

  beforeAll(async () => {
    ui = await openSignedInBrowser('web_explorer', {
      at: '/explore',
      seed: async (s) => {
        const now = Date.now();
        const metrics = [];
        for (let k = 0; k < 10; k++) {
          const timestamp = new Date(now - k * 60_000).toISOString();
          metrics.push(
            { name: 'http_requests', labels: { route: '/api', status: '200', region: '' }, value: k, timestamp },
            { name: 'http_requests', labels: { route: '/api', status: '500' }, value: 2 * k, timestamp },
            { name: 'http_requests', labels: { route: '/ü/日本', status: '200', region: 'eu' }, value: 1, timestamp },
          );
        }
        await callAsAdmin(s, 'POST', '/v1/metrics/batch', { metrics });
      },
    });
    ({ server, browser, page } = ui);
    await page.getByRole('heading', { name: 'Choose a metric' }).waitFor();
  });
  afterAll(() => ui?.close());

  it('filters by an empty label value, kept while another filter is added', async () => {
    await page.getByRole('button', { name: 'http_requests' }).click();
    await expect.poll(seriesNames).toHaveLength(3);
    await page.getByRole('button', { name: '+ Add filter' }).click();
    await page.getByLabel('Label key').fill('region');
    await page.getByLabel('Label key').press('Tab');
    // The key with no value: the series whose region is empty, as the API's containment has it.
    await expect.poll(seriesNames).toEqual(['{region="", route="/api", status="200"}']);
    expect(await page.getByLabel('Label value').getAttribute('placeholder')).toMatch(/empty/);
    expect(JSON.parse(new URL(page.url()).searchParams.get('labels') ?? '{}')).toEqual({ region: '' });

    await page.getByRole('button', { name: '+ Add filter' }).click();
    await page.getByLabel('Label key').nth(1).fill('status');
    await page.getByLabel('Label key').nth(1).press('Tab');
    await page.getByLabel('Label value').nth(1).fill('200');
    await page.getByLabel('Label value').nth(1).press('Tab');
    await expect
      .poll(() => JSON.parse(new URL(page.url()).searchParams.get('labels') ?? '{}'))
      .toEqual({ region: '', status: '200' });
    await expect.poll(seriesNames).toEqual(['{region="", route="/api", status="200"}']);

    await page.reload();
    await expect.poll(seriesNames).toEqual(['{region="", route="/api", status="200"}']);
    expect(
      await page.getByLabel('Label key').evaluateAll((is) => is.map((i) => (i as unknown as { value: string }).value)),
    ).toEqual(['region', 'status']);
    expect(browser.errors).toEqual([]);
  });

  it('a second filter on a key already filtered is refused on its row, and the first one stays', async () => {
    await page.goto(url(`/explore?name=http_requests&labels=${encodeURIComponent('{"status":"500"}')}`));
    await expect.poll(seriesNames).toEqual(['{route="/api", status="500"}']);
    await page.getByRole('button', { name: '+ Add filter' }).click();
    await page.getByLabel('Label key').nth(1).fill('status');
    await page.getByLabel('Label key').nth(1).press('Tab');
    await page.getByText('status is filtered already: one value per key').waitFor();
    expect(await page.getByLabel('Label value').first().inputValue()).toBe('500');
    expect(JSON.parse(new URL(page.url()).searchParams.get('labels') ?? '{}')).toEqual({ status: '500' });
    expect(await seriesNames()).toEqual(['{route="/api", status="500"}']);
  });

  it("shows a large value's every whole digit, as the API answers it", async () => {
    const timestamp = new Date().toISOString();
    await call('POST', '/v1/metrics/batch', {
      metrics: [{ name: 'disk_bytes', labels: { path: 'a"b, c=d' }, value: 123_456_789_012, timestamp }],
    });
    await page.goto(url('/explore?name=disk_bytes'));
    const cells = page.locator('table[aria-label="Series numbers"] tbody tr td');
    await expect.poll(() => cells.allTextContents()).toHaveLength(6);
    expect((await cells.allTextContents()).slice(2)).toEqual(Array(4).fill('123,456,789,012'));
  });

  it('names a series whose label value holds a quote as one label, escaped as Prometheus writes it', async () => {
    await page.goto(url('/explore?name=disk_bytes'));
    await expect.poll(seriesNames).toEqual(['{path="a\\"b, c=d"}']);
  });

  it('a custom range with only its end shows the hour before that end, as the API has it', async () => {
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    const metrics = [90, 91, 92, 93].map((m) => ({ name: 'backlog', value: m, timestamp: minutesAgo(m) }));
    await call('POST', '/v1/metrics/batch', { metrics });
    const to = minutesAgo(85);
    const api = (await call('GET', `/api/public/metrics/query?name=backlog&to=${to}`)) as {
      data: { values: unknown[] }[];
    };
    expect(api.data.map((s) => s.values.length)).toEqual([4]);
    await page.goto(url(`/explore?name=backlog&range=custom&to=${encodeURIComponent(to)}`));
    await expect
      .poll(() => page.locator('table[aria-label="Series numbers"] tbody tr td:nth-child(2)').allTextContents())
      .toEqual(['4']);
    expect(await page.getByRole('alert').count()).toBe(0);
  });
});
