import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.ts';
import { type Browser, findChromium, screenshot } from '../support/web/browser.ts';
import { post } from '../support/web/seed.ts';
import { openSignedInBrowser, type SignedInBrowser } from '../support/web/signed-in-browser.ts';

/**
 * What the pages show of demanding data, in chromium against the real service on chDB: long
 * prompts of mixed scripts, costs from fractions of a cent to thousands of dollars, and the layout
 * at the widths the UI is made for and on a phone.
 */
const chromiumPath = findChromium();

/** What the test reads of a canvas in the page (this package has no DOM types). */
type CanvasLike = {
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
};

describe.skipIf(!chromiumPath)('the web UI on demanding data', () => {
  let ui: SignedInBrowser;
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const url = (p: string) => ui.url(p);
  const iso = (ms: number) => new Date(ms).toISOString();
  const t0 = Date.now() - 10 * 60_000;

  beforeAll(async () => {
    ui = await openSignedInBrowser('web_display');
    ({ server, browser, page } = ui);
  });
  afterAll(() => ui?.close());

  it('shows a long prompt of Cyrillic and Latin text at once, and all of it on request', async () => {
    // 600 KB in one message: Chromium used to take long enough over its layout to freeze the page.
    const sentence = 'Отчёт за квартал: revenue grew, расходы снизились, margins improved. ';
    const prompt = sentence.repeat(9_000);
    await post(server, '/v1/l/batch', {
      trace: { id: 'long-prompt', timestamp: iso(t0), name: 'long prompt' },
      observations: [
        {
          id: 'long-prompt-gen',
          type: 'GENERATION',
          name: 'answer',
          model: 'gpt-4o',
          startTime: iso(t0),
          endTime: iso(t0 + 2000),
          input: [{ role: 'user', content: prompt }],
          output: { role: 'assistant', content: 'Выручка выросла.' },
        },
      ],
    });
    const started = Date.now();
    await page.goto(url('/traces/long-prompt?observation=long-prompt-gen'));
    const input = page.getByRole('region', { name: 'Input' });
    const showAll = input.getByRole('button', { name: /^Show all/ });
    await expect.poll(() => showAll.textContent(), { timeout: 5_000 }).toBe('Show all 621 KB');
    expect(Date.now() - started).toBeLessThan(5_000);
    // The start of the message, cut: the rest waits for the button.
    const shown = () => input.locator('.message .text').evaluate((p) => p.textContent!.length);
    expect(await shown()).toBe(20_001);
    await showAll.click();
    await expect.poll(shown, { timeout: 5_000 }).toBe(prompt.length);
    expect(Date.now() - started).toBeLessThan(8_000);
    await screenshot(page, 'long-prompt');
  });

  it('writes costs of thousands of dollars with separators and the smallest in plain decimals', async () => {
    await post(server, '/v1/l/batch', {
      trace: { id: 'costly', timestamp: iso(t0 + 60_000), name: 'costly' },
      observations: [
        {
          id: 'costly-gen',
          type: 'GENERATION',
          name: 'big batch',
          model: 'gpt-4o',
          startTime: iso(t0 + 60_000),
          endTime: iso(t0 + 61_000),
          usageDetails: { input: 12_345_678, output: 987_654 },
          costDetails: { input: 1234.5678, output: 0.00000012 },
        },
      ],
    });
    await page.goto(url('/traces'));
    const row = page.locator('table.traces tbody tr', { hasText: 'costly' });
    await expect.poll(() => row.locator('td.num').nth(2).textContent()).toBe('$1,234.57');
    await row.locator('td.name a').click();
    await expect.poll(() => page.locator('.facts-inline').textContent()).toContain('$1,234.57');
    await page.locator('[data-observation-id="costly-gen"]').click();
    const details = page.getByRole('region', { name: 'Cost details' });
    await expect.poll(() => details.locator('td').allTextContents()).toEqual(['$1,234.57', '$0.00000012', '$1,234.57']);
    expect(await page.locator('.detail .facts').textContent()).toContain('12,345,678 in · 987,654 out');
  });

  it('fits the trace list in a 1280 px window, long names and previews included', async () => {
    for (let i = 0; i < 3; i++) {
      await post(server, '/v1/l/batch', {
        trace: {
          id: `wide-${i}`,
          timestamp: iso(t0 + 120_000 + i * 1000),
          name: `a rather long trace name number ${i} for the nightly batch`,
          userId: `user-with-a-very-long-identifier-${i}@customers.example.com`,
          session_id: `session-with-a-long-identifier-${i}-2026-11-29`,
          tags: ['production', 'nightly', 'batch'],
          input: [{ role: 'user', content: 'Сравни выручку за квартал с прошлым годом и объясни разницу подробно.' }],
          output: { role: 'assistant', content: 'Выручка выросла на 12 % благодаря новым клиентам в Европе и Азии.' },
        },
        observations: [],
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url('/traces'));
    await expect.poll(() => page.locator('table.traces tbody tr', { hasText: 'nightly batch' }).count()).toBe(3);
    const wrap = page.locator('.table-wrap');
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const output = page.locator('table.traces thead th', { hasText: 'Output' });
    expect((await output.boundingBox())!.x + (await output.boundingBox())!.width).toBeLessThanOrEqual(1280);
    // What a cell cuts is in its tooltip.
    const row = page.locator('table.traces tbody tr', { hasText: 'number 0' });
    expect(await row.locator('td').nth(3).getAttribute('title')).toBe('session-with-a-long-identifier-0-2026-11-29');
    await screenshot(page, 'traces-1280');
  });

  it('shows every page on a phone without a sideways scroll, Sign out in reach', async () => {
    await post(server, '/v1/metrics/batch', {
      metrics: [0, 1, 2].map((i) => ({
        name: 'llm.latency_ms',
        labels: { model: 'gpt-4o' },
        value: 500 + i,
        timestamp: iso(Date.now() - (i + 1) * 60_000),
      })),
    });
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const [path, ready] of [
        ['/traces', 'table.traces tbody tr'],
        ['/traces/costly?observation=costly-gen', '.obs-row'],
        ['/sessions', 'main h1'],
        ['/usage', 'figure.chart'],
        ['/explore?name=llm.latency_ms', 'figure.chart'],
        ['/settings', 'main h1'],
      ] as const) {
        await page.goto(url(path));
        await page.locator(ready).first().waitFor();
        const widths = await page.evaluate<number[]>('[document.documentElement.scrollWidth, window.innerWidth]');
        expect(widths, path).toEqual([390, 390]);
        const signOut = (await page.getByRole('button', { name: 'Sign out' }).boundingBox())!;
        expect(signOut.x + signOut.width, path).toBeLessThanOrEqual(390);
      }
      await screenshot(page, 'phone-metrics');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it("keeps a trace's panes in the window under the service's banner", async () => {
    // The service's answer while the disk is short of DISK_MIN_FREE_BYTES.
    await page.route('**/readyz', (route) =>
      route.fulfill({
        json: {
          status: 'ready',
          ingestRefused: 'the disk holding /var/lib/spanhouse has 900 MiB free, below DISK_MIN_FREE_BYTES (1024 MiB)',
        },
      }),
    );
    try {
      await page.goto(url('/traces/costly'));
      await expect.poll(() => page.locator('.service-state').count()).toBe(1);
      await page.locator('.obs-row').first().waitFor();
      const [scrollHeight, windowHeight] = await page.evaluate<[number, number]>(
        '[document.documentElement.scrollHeight, window.innerHeight]',
      );
      expect(scrollHeight).toBe(windowHeight);
      const pane = (await page.getByRole('region', { name: 'Observations' }).boundingBox())!;
      expect(pane.y + pane.height).toBeLessThanOrEqual(windowHeight);
      await screenshot(page, 'trace-banner');
    } finally {
      await page.unroute('**/readyz');
    }
  });

  it('says in the banner when the service does not answer at all', async () => {
    // As when the service is stopped: the check of its state gets no answer.
    await page.route('**/readyz', (route) => route.abort('connectionrefused'));
    try {
      await page.goto(url('/traces'));
      await expect
        .poll(() => page.locator('.service-state').textContent())
        .toBe('The service cannot be reached: nothing new loads until it answers again. Is it running?');
    } finally {
      await page.unroute('**/readyz');
    }
  });

  it("shows an API key's public key whole in Settings", async () => {
    const res = await fetch(url('/api/public/projects/spanhouse/apiKeys'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.credentials.bearerToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ note: 'the nightly export job, which also backfills the warehouse on Sundays' }),
    });
    const { publicKey } = (await res.json()) as { publicKey: string };
    await page.goto(url('/settings'));
    const cell = page.locator('table.keys tbody td', { hasText: publicKey.slice(0, 12) });
    await expect.poll(() => cell.textContent()).toBe(publicKey);
    expect(await cell.evaluate((td) => td.scrollWidth - td.clientWidth)).toBe(0);
    await screenshot(page, 'settings-keys');
  });

  it("draws a chart's value labels whole: '$1,000.00' is not cut at its left edge", async () => {
    // The costly trace makes the usage chart's cost axis run past $1,000.
    await page.goto(url('/usage'));
    const canvas = page.locator('figure.chart').first().locator('canvas');
    await canvas.waitFor();
    // Labels are drawn on the canvas: nothing may touch its two leftmost columns of pixels.
    const inkAtLeftEdge = () =>
      canvas.evaluate((c) => {
        const canvas = c as unknown as CanvasLike;
        const { data } = canvas.getContext('2d').getImageData(0, 0, 2, canvas.height);
        return data.filter((_: number, i: number) => i % 4 === 3 && data[i]! > 0).length;
      });
    await expect.poll(inkAtLeftEdge).toBe(0);
    await screenshot(page, 'usage-axis');
  });

  it('reads times on the charts as the rest of the UI writes them: 24-hour, year first', async () => {
    await post(server, '/v1/metrics/batch', {
      metrics: [1, 2, 3, 4].map((i) => ({
        name: 'queue.depth',
        labels: { queue: 'main' },
        value: i,
        timestamp: iso(Date.now() - i * 5 * 60_000),
      })),
    });
    const hoverTime = async () => {
      const plot = (await page.locator('.u-over').first().boundingBox())!;
      await page.mouse.move(plot.x + plot.width * 0.9, plot.y + plot.height / 2);
      return page.locator('.u-legend').first().locator('.u-series').first().locator('.u-value').textContent();
    };
    await page.goto(url('/explore?name=queue.depth'));
    await page.locator('figure.chart canvas').waitFor();
    await expect.poll(hoverTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // Daily usage: a UTC day, without a time of day.
    await page.goto(url('/usage'));
    await page.locator('figure.chart canvas').first().waitFor();
    await expect.poll(hoverTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("lines the waterfall's bars up with its time axis, with a scroll bar beside them", async () => {
    // A root over the whole trace and 60 children, more rows than the pane shows.
    const observations = [{ id: 'wf-root', name: 'root', startTime: iso(t0), endTime: iso(t0 + 60_000) }];
    for (let i = 0; i < 60; i++) {
      observations.push({
        id: `wf-${i}`,
        name: `step ${i}`,
        parentObservationId: 'wf-root',
        startTime: iso(t0 + i * 1000),
        endTime: iso(t0 + i * 1000 + 900),
      } as (typeof observations)[number]);
    }
    await post(server, '/v1/l/batch', {
      trace: { id: 'waterfall', timestamp: iso(t0), name: 'waterfall' },
      observations,
    });
    await page.goto(url('/traces/waterfall?view=timeline'));
    const root = page.locator('[data-observation-id="wf-root"] .tl-bar');
    await root.waitFor();
    const list = page.getByRole('tree', { name: 'Timeline' });
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const ticks = (await page.locator('.tl-ticks').boundingBox())!;
    const bar = (await root.boundingBox())!;
    // The root spans the whole window: from the axis' 0 to its end.
    expect(Math.abs(bar.x - ticks.x)).toBeLessThan(1);
    expect(Math.abs(bar.x + bar.width - (ticks.x + ticks.width))).toBeLessThan(1);
    await screenshot(page, 'waterfall-axis');
  });

  it('shows a small score as itself, not as 0.000', async () => {
    for (const [name, value] of [
      ['perplexity-delta', 0.0004],
      ['tokens-saved', 12345.6789],
    ] as const) {
      await post(server, '/api/public/scores', { traceId: 'costly', name, value });
    }
    await page.goto(url('/traces/costly'));
    const rows = page.locator('table.scores tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.filter({ hasText: 'perplexity-delta' }).locator('td').first().textContent()).toBe('0.0004');
    expect(await rows.filter({ hasText: 'tokens-saved' }).locator('td').first().textContent()).toBe('12,345.7');
  });

  it('keeps the header on one row with a long project name and a key pair', async () => {
    const admin = { Authorization: `Bearer ${server.credentials.bearerToken}`, 'Content-Type': 'application/json' };
    const project = (await (
      await fetch(url('/api/public/projects'), {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ name: 'The customer-support assistant of the European region' }),
      })
    ).json()) as { id: string };
    const key = (await (
      await fetch(url(`/api/public/projects/${project.id}/apiKeys`), { method: 'POST', headers: admin, body: '{}' })
    ).json()) as { publicKey: string; secretKey: string };
    // Its own tab: the key's session does not replace the admin's of the other tests.
    const tab = await browser.context.newPage();
    try {
      await tab.goto(url('/traces'));
      await tab.getByRole('tab', { name: 'Key pair' }).click();
      await tab.getByLabel('Public key').fill(key.publicKey);
      await tab.getByLabel('Secret key').fill(key.secretKey);
      await tab.getByRole('button', { name: 'Sign in' }).click();
      const signOut = tab.getByRole('button', { name: 'Sign out' });
      await signOut.waitFor();
      const bar = (await tab.locator('.topbar').boundingBox())!;
      const button = (await signOut.boundingBox())!;
      expect(bar.height).toBe(44);
      // "Sign out" on one line, inside the bar.
      expect(button.height).toBeLessThan(32);
      expect(button.y + button.height).toBeLessThanOrEqual(bar.y + bar.height);
      expect(await tab.locator('.project-name').getAttribute('title')).toContain(
        'The customer-support assistant of the European region',
      );
      await screenshot(tab, 'header-key-pair');
    } finally {
      await tab.close();
    }
  });

  it('counts one of a thing in the singular: 1 observation, 1 trace', async () => {
    await page.goto(url('/traces/costly'));
    await expect.poll(() => page.locator('.facts-inline').textContent()).toMatch(/ · 1 observation$/);
    await page.goto(url('/traces?name=costly'));
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Pages' }).textContent())
      .toContain('Page 1 of 1 · 1 trace');
    expect(await page.getByRole('navigation', { name: 'Pages' }).textContent()).not.toContain('1 traces');
  });

  it('says a trace of a session has no input or output, instead of showing its header alone', async () => {
    await post(server, '/v1/l/batch', {
      trace: { id: 'quiet-trace', timestamp: iso(t0), name: 'quiet', sessionId: 'quiet-session' },
      observations: [],
    });
    await page.goto(url('/sessions/quiet-session'));
    const card = page.locator('ol.session-traces li.card');
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.textContent()).toContain('No input or output');
    // The trace's own page says the same.
    await card.getByRole('link', { name: 'quiet' }).click();
    await expect.poll(() => page.getByRole('article', { name: 'Trace' }).textContent()).toContain('No input or output');
  });

  it('filters the trace list by a tag holding a comma, written in quotes beside another tag', async () => {
    for (const [id, tags] of [
      ['comma-tag', ['eu, west', 'beta']],
      ['split-tags', ['eu', 'west', 'beta']],
    ] as const) {
      await post(server, '/v1/l/batch', { trace: { id, timestamp: iso(t0), name: id, tags }, observations: [] });
    }
    await page.goto(url('/traces'));
    const names = () => page.locator('table.traces tbody td.name').allTextContents();
    await expect.poll(names).toContain('split-tags');
    await page.getByLabel('Tags').fill('"eu, west", beta');
    await page.getByLabel('Tags').press('Enter');
    await expect.poll(names).toEqual(['comma-tag']);
    // Kept in the URL: a reload shows the same rows and the same words in the box.
    await page.reload();
    await expect.poll(names).toEqual(['comma-tag']);
    expect(await page.getByLabel('Tags').inputValue()).toBe('"eu, west", beta');
    // Unquoted, the comma separates two tags, as before.
    await page.getByLabel('Tags').fill('eu, west');
    await page.getByLabel('Tags').press('Enter');
    await expect.poll(names).toEqual(['split-tags']);
  });

  it('logged no console error but the refused check of the service', () => {
    expect(browser.errors).toEqual([expect.stringMatching(/ERR_CONNECTION_REFUSED .*\/readyz/)]);
  });
});
