import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`; .ci/run installs it), or CHROMIUM_PATH. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/** Headless, offline (no update, sync or background traffic), no sandbox (CI runs as root). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Browser = {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors, in order. */
  errors: string[];
  close: () => Promise<void>;
};

/** One browser with a fresh profile (its own --user-data-dir), one page at 1280 x 800. */
export async function openBrowser(executablePath: string): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'spanhouse-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 800 },
  });
  // Every wait is for something already stored: 10 s is plenty, and a failure shows sooner.
  context.setDefaultTimeout(10_000);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  return {
    page,
    context,
    errors,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Where screenshots go (git-ignored), so a person can look at every page after a run. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../web/screenshots', import.meta.url));

/**
 * Writes `name`.png to SCREENSHOT_DIR. The README's images (`docs`) are refreshed in docs/images/
 * when SPANHOUSE_DOCS_SCREENSHOTS=1, so they always show the real UI.
 */
export async function screenshot(page: Page, name: string, opts: { docs?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  if (opts.docs && process.env.SPANHOUSE_DOCS_SCREENSHOTS === '1') {
    const docs = fileURLToPath(new URL('../../../docs/images', import.meta.url));
    mkdirSync(docs, { recursive: true });
    await page.screenshot({ path: path.join(docs, `ui-${name}.png`) });
  }
}

/** Milliseconds from navigation start to a performance mark the app sets. */
export async function markTime(page: Page, mark: string): Promise<number> {
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, mark);
  return page.evaluate((m) => performance.getEntriesByName(m)[0]!.startTime, mark);
}

/** Duration of a performance measure the app records. */
export async function measureDuration(page: Page, measure: string): Promise<number> {
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, measure);
  return page.evaluate((m) => performance.getEntriesByName(m).at(-1)!.duration, measure);
}

/** Signs in on the page's sign-in form with a bearer token, and waits for the signed-in header. */
export async function signInWithToken(page: Page, token: string): Promise<void> {
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}
