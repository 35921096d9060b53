import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST_DIR } from '@spanhouse/web';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import {
  type Browser,
  findChromium,
  markTime,
  measureDuration,
  openBrowser,
  screenshot,
} from '../support/web/browser.ts';
import { type Seeded, seed } from '../support/web/seed.ts';

/**
 * The web UI in a real browser (Debian's chromium through playwright-core) against the real
 * service on chDB, with data stored through the batch, OTLP and metrics endpoints. One browser,
 * one page, the pages in the order a user visits them; screenshots of each in test/web/screenshots.
 */
const chromiumPath = findChromium();
if (!chromiumPath) {
  console.warn(
    'browser test skipped: no chromium at /usr/bin/chromium or CHROMIUM_PATH; install it with `apt-get install chromium` (.ci/run does, as root)',
  );
}

describe.skipIf(!chromiumPath)('web UI in chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let data: Seeded;
  let browserKey: { publicKey: string; secretKey: string };
  const timings: string[] = [];
  const url = (p: string) => `${server.baseUrl}${p}`;

  beforeAll(async () => {
    if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
      throw new Error('the web UI is not built: run `pnpm --filter @spanhouse/web build` (pnpm test builds it first)');
    }
    server = await startTestServer('web_ui');
    data = await seed(server);
    browser = await openBrowser(chromiumPath!);
    page = browser.page;
  });
  afterAll(async () => {
    if (timings.length) console.log(`browser timings (Performance API):\n  ${timings.join('\n  ')}`);
    await browser?.close();
    await server?.close();
  });

  const rows = () => page.locator('table.traces tbody tr');

  it('signs in: a wrong token is refused, the printed token line works, nothing goes into the URL', async () => {
    await page.goto(url('/traces'));
    await page.getByLabel('API token').fill('sh_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/refused this token/);
    await screenshot(page, 'sign-in');
    await page.getByLabel('API token').fill(`API_BEARER_TOKEN=${server.credentials.bearerToken}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => rows().count()).toBe(6);
    // The project shown joins the URL; the credentials never do.
    expect(page.url()).toBe(url('/traces?project=spanhouse'));
    expect(await page.evaluate<string>('sessionStorage.getItem("spanhouse.credentials")')).toContain(
      server.credentials.bearerToken,
    );
    expect(await page.evaluate<number>('localStorage.length')).toBe(0);
  });

  it('lists traces with their columns, interactive soon after navigation', async () => {
    await page.goto(url('/traces'));
    const ready = await markTime(page, 'spanhouse:traces-ready');
    const api = await page.evaluate<number>(
      "performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/public/traces?')).at(-1).duration",
    );
    timings.push(
      `trace list interactive after navigation: ${ready.toFixed(0)} ms, of which the list request ${api.toFixed(0)} ms (6 traces)`,
    );
    const chat = rows().filter({ hasText: 'What is the weather in Paris today?' });
    await expect.poll(() => chat.count()).toBe(1);
    const text = await chat.textContent();
    for (const cell of [
      'support-chat',
      'user-e2e',
      'sess-e2e',
      'e2e',
      'prod',
      '2.50 s',
      '1.5K',
      'Clear and 18 °C in Paris.',
    ]) {
      expect(text).toContain(cell);
    }
    await screenshot(page, 'traces', { docs: true });
  });

  it('filters by user into the URL, keeps the filter on reload, and orders by latency', async () => {
    await page.getByLabel('User').fill('user-e2e');
    await page.getByLabel('User').press('Enter');
    await expect.poll(() => rows().count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('userId')).toBe('user-e2e');
    await page.reload();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await page.getByLabel('User').inputValue()).toBe('user-e2e');
    await page.getByLabel('Order').selectOption('latency.desc');
    await expect.poll(() => new URL(page.url()).searchParams.get('orderBy')).toBe('latency.desc');
    await expect.poll(() => rows().first().textContent()).toContain('2.50 s');
  });

  it('opens a trace with the keyboard, collapses and expands its tree', async () => {
    // Keys typed into a filter stay there: leave the form first, as a user would.
    await page.getByRole('heading', { name: 'Traces' }).click();
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/traces/${data.chatTraceId}`);
    const names = () => page.locator('.obs-row .obs-name').allTextContents();
    await expect.poll(names).toEqual(['handle-request', 'chat-completion', 'get_weather']);
    await page.getByRole('button', { name: 'Collapse handle-request' }).click();
    await expect.poll(names).toEqual(['handle-request']);
    await page.getByRole('button', { name: 'Expand handle-request' }).click();
    await expect.poll(names).toEqual(['handle-request', 'chat-completion', 'get_weather']);
  });

  it("reads a generation's messages as a conversation, and deep-links to it", async () => {
    await page.locator(`[data-observation-id="${data.generationId}"]`).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('observation')).toBe(data.generationId);
    const detail = page.getByRole('article', { name: 'Selected observation' });
    const input = detail.getByRole('region', { name: 'Input' });
    await expect
      .poll(() => input.locator('.message .role').allTextContents())
      .toEqual(['system', 'user', 'assistant', 'tool']);
    expect(await input.textContent()).toContain('What is the weather in Paris today?');
    expect(await input.locator('.tool-call').textContent()).toContain('get_weather');
    expect(await detail.getByRole('region', { name: 'Output' }).textContent()).toContain('Clear and 18 °C in Paris.');
    expect(await detail.textContent()).toContain('1,200 in · 300 out · 1,500 total');
    await screenshot(page, 'trace', { docs: true });
    await page.reload();
    await expect
      .poll(() => page.getByRole('article', { name: 'Selected observation' }).locator('h2').textContent())
      .toBe('chat-completion');
  });

  it('draws the same observations as a waterfall', async () => {
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await expect.poll(() => page.locator('.tl-bar').count()).toBe(3);
    expect(new URL(page.url()).searchParams.get('view')).toBe('timeline');
    await screenshot(page, 'timeline');
  });

  it("shows the trace's scores, and each observation's beside it", async () => {
    await page.goto(url(`/traces/${data.chatTraceId}`));
    const detail = page.locator('.detail-pane');
    const scoreRows = () => detail.locator('table.scores tbody tr').allTextContents();
    // Nothing selected: the trace's own scores.
    await expect.poll(scoreRows).toEqual([expect.stringMatching(/^helpfulness0\.9APIresolved/)]);
    const generation = page.locator(`[data-observation-id="${data.generationId}"]`);
    expect(await generation.locator('.badge').textContent()).toBe('1 score');
    await generation.click();
    await expect.poll(scoreRows).toEqual([expect.stringMatching(/^groundedTrueAPI/)]);
    await screenshot(page, 'trace-scores');
  });

  it("lists sessions and shows one session's traces in time order", async () => {
    await page.goto(url('/sessions'));
    const sessions = page.locator('table.list tbody tr td:first-child');
    await expect.poll(() => sessions.allTextContents()).toEqual(expect.arrayContaining([data.sessionId, 'sess-otel']));
    await page.getByRole('link', { name: data.sessionId }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/sessions/${data.sessionId}`);
    const cards = page.locator('ol.session-traces > li');
    await expect
      .poll(() => cards.locator('header a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      .toEqual(data.sessionTraceIds.map((id) => `/traces/${id}?project=spanhouse`));
    // The greeting, stored last through the ingestion API, opens the session with its conversation.
    expect(await cards.first().textContent()).toContain('Hello!');
    expect(await cards.nth(1).textContent()).toContain('What is the weather in Paris today?');
    await screenshot(page, 'session');
  });

  it('shows an OTLP trace from the OpenTelemetry exporter, GenAI messages included', async () => {
    await page.goto(url(`/traces/${data.otlpTraceId}`));
    await page.locator('.obs-row', { hasText: 'chat claude-3-5-haiku' }).click();
    const input = page.getByRole('region', { name: 'Input' });
    await expect.poll(() => input.textContent()).toContain('Plan a trip to Oslo');
    expect(await page.getByRole('region', { name: 'Output' }).textContent()).toContain('Day 1: the fjord.');
  });

  it('renders a 500-observation trace with a light DOM', async () => {
    await page.goto(url(`/traces/${data.bigTraceId}`));
    const ms = await measureDuration(page, 'spanhouse:trace-render');
    timings.push(`${data.bigCount}-observation trace rendered (data parsed to first paint): ${ms.toFixed(0)} ms`);
    const list = page.getByRole('tree', { name: 'Observation tree' });
    const sizer = await list.evaluate((el) => el.firstElementChild?.getAttribute('style'));
    expect(sizer).toContain(`height: ${data.bigCount * 28}px`);
    const inDom = await page.locator('.obs-row').count();
    expect(inDom).toBeGreaterThan(10);
    expect(inDom).toBeLessThan(80);
    await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(() => page.locator('.obs-row .obs-name').last().textContent()).toMatch(/^(llm|search) \d+$/);
  });

  it('charts a metric: one line per group with a legend and hover values, and the numbers', async () => {
    await page.goto(url('/explore'));
    await page.getByRole('button', { name: data.metric }).click();
    await page.getByLabel('Group by').selectOption('model');
    const legend = () => page.locator('.u-legend .u-series .u-label').allTextContents();
    await expect.poll(legend).toEqual(['Time', '{model="claude-3-5-sonnet"}', '{model="gpt-4o"}']);
    expect(await page.locator('figure.chart canvas').count()).toBe(1);
    const numbers = page.getByRole('table', { name: 'Series numbers' });
    await expect.poll(() => numbers.locator('tbody tr').count()).toBe(2);
    await screenshot(page, 'metrics', { docs: true });
    // Hovering the plot shows each line's value in the legend.
    const plot = page.locator('.u-over');
    const box = (await plot.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
    await expect
      .poll(() => page.locator('.u-legend .u-series').nth(1).locator('.u-value').textContent())
      .toMatch(/^\d/);
    // Label filter with a suggested key and value.
    await page.getByRole('button', { name: '+ Add filter' }).click();
    expect(await page.locator('#label-keys option').evaluateAll((o) => o.map((x) => x.getAttribute('value')))).toEqual([
      'model',
      'region',
    ]);
    await page.getByLabel('Label key').fill('region');
    await page.getByLabel('Label key').press('Tab');
    await page.getByLabel('Label value').fill('us');
    await page.getByLabel('Label value').press('Tab');
    await expect.poll(legend).toEqual(['Time', '{model="gpt-4o"}']);
    expect(JSON.parse(new URL(page.url()).searchParams.get('labels')!)).toEqual({ region: 'us' });
    await screenshot(page, 'metrics-filtered');
  });

  it('shows daily cost and tokens per model', async () => {
    await page.goto(url('/usage'));
    const table = page.getByRole('table', { name: 'Usage by model' });
    await expect.poll(() => table.locator('tbody tr td:first-child').allTextContents()).toContain('gpt-4o');
    expect(await page.locator('figure.chart').count()).toBe(2);
    expect(await page.locator('figure.chart').first().locator('.u-legend .u-label').allTextContents()).toContain(
      'gpt-4o',
    );
    await screenshot(page, 'usage');
  });

  it('follows the system into dark mode', async () => {
    const background = () => page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    const light = await background();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(url(`/traces/${data.chatTraceId}?observation=${data.generationId}`));
    await expect.poll(() => page.locator('.message').count()).toBe(5);
    expect(await background()).not.toBe(light);
    await screenshot(page, 'trace-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('deletes a trace from its page after a confirmation, and returns to the list without it', async () => {
    const auth = { Authorization: `Bearer ${server.credentials.bearerToken}`, 'Content-Type': 'application/json' };
    const stored = await fetch(url('/v1/l/batch?wait=commit'), {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ trace: { id: 'to-delete', timestamp: new Date().toISOString(), name: 'delete me' } }),
    });
    expect(stored.status).toBe(200);
    await page.goto(url('/traces/to-delete'));
    const dialogs: string[] = [];
    page.once('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await page.getByRole('button', { name: 'Delete trace' }).click();
    await page.waitForURL(url('/traces?project=spanhouse'));
    expect(dialogs).toEqual(['Delete the trace "delete me" with its observations and scores? This cannot be undone.']);
    expect((await fetch(url('/api/public/traces/to-delete'), { headers: auth })).status).toBe(404);
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    expect(await page.locator('table.traces').textContent()).not.toContain('delete me');
  });

  it('creates a project and a key in Settings: the switcher shows it, the secret is shown once and copies', async () => {
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await page.goto(url('/settings'));
    await expect
      .poll(() => page.locator('.retention').textContent())
      .toContain("the instance's RETENTION_DAYS applies");
    await page.getByPlaceholder('Name (3 to 60 characters)').fill('browser team');
    await page.getByRole('button', { name: 'Create project' }).click();
    await expect.poll(() => page.getByLabel('Project').locator('option:checked').textContent()).toBe('browser team');
    await expect.poll(() => page.getByRole('heading', { name: 'Project browser team' }).count()).toBe(1);
    await page.getByPlaceholder('Note (what uses it)').fill('browser test');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = await page.getByLabel('Secret key', { exact: true }).inputValue();
    browserKey = { publicKey: await page.getByLabel('Public key', { exact: true }).inputValue(), secretKey: secret };
    expect(secret).toMatch(/^sk-sh-/);
    await page.getByRole('button', { name: 'Copy secret key' }).click();
    await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(secret);
    await screenshot(page, 'settings-new-key');
    await page.getByRole('button', { name: 'Done' }).click();
    // Listed without its secret from then on.
    await expect.poll(() => page.getByRole('table').textContent()).toContain('browser test');
    expect(await page.content()).not.toContain(secret);
    // The new project has no traces; the default one keeps its six.
    await page.getByRole('link', { name: 'Traces' }).click();
    await expect.poll(() => page.getByText('No traces stored yet').count()).toBe(1);
    await page.getByLabel('Project').selectOption({ label: 'spanhouse' });
    await expect.poll(() => rows().count()).toBe(6);
  });

  it("signed in with a project's key pair, shows that project alone, by name", async () => {
    const stored = await fetch(url('/v1/l/batch'), {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${browserKey.publicKey}:${browserKey.secretKey}`).toString('base64')}`,
        'Content-Type': 'application/json',
        'Spanhouse-Wait': 'commit',
      },
      body: JSON.stringify({ trace: { id: 'browser-team-trace', name: 'team trace' }, observations: [] }),
    });
    expect(stored.status).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('tab', { name: 'Key pair' }).click();
    await page.getByLabel('Public key').fill(browserKey.publicKey);
    await page.getByLabel('Secret key').fill(browserKey.secretKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signed in once the check of the key pair has answered (a navigation before it starts over).
    await expect.poll(() => page.getByRole('button', { name: 'Sign out' }).count()).toBe(1);
    await page.goto(url('/traces'));
    await expect.poll(() => rows().count()).toBe(1);
    expect(await rows().first().textContent()).toContain('team trace');
    expect(await page.locator('.topbar .project-name').textContent()).toBe('browser team');
    expect(await page.getByLabel('Project').count()).toBe(0);
    await page.goto(url('/settings'));
    await expect.poll(() => page.getByText('managed with the API bearer token').count()).toBe(1);
    await screenshot(page, 'project-key-traces');
  });

  it('signs out', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The form offers the kind of credentials just used: the key pair.
    await expect.poll(() => page.getByLabel('Public key').count()).toBe(1);
    expect(await page.evaluate<number>('sessionStorage.length')).toBe(0);
  });

  it('logged no console error but the refused sign-in', () => {
    // Chromium logs the refused check of the wrong token (a 401 it was meant to get); nothing else.
    expect(browser.errors).toEqual([expect.stringMatching(/status of 401 .*\/api\/public\/metrics\/names/)]);
  });
});
