import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST_DIR } from '@spanhouse/web';
import type { Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../server.ts';
import { type Browser, findChromium, openBrowser, signInWithToken } from './browser.ts';

/** What a browser test of the web UI works with: the service, the browser on one of its pages. */
export type SignedInBrowser = {
  server: TestServer;
  browser: Browser;
  page: Page;
  /** The service's address of a path of the UI (`/traces`). */
  url: (path: string) => string;
  /** Closes the browser, then the service. */
  close: () => Promise<void>;
};

/**
 * The set-up of a browser test: the all-in-one service over this file's own database (`label`),
 * seeded by `seed` before any page opens, and chromium signed in with the bearer token on the
 * page `at` (default `/traces`). Refuses to start when the web UI is not built, rather than test a
 * page that cannot load. The caller skips its tests where no chromium is installed (findChromium).
 */
export async function openSignedInBrowser(
  label: string,
  opts: { at?: string; seed?: (server: TestServer) => Promise<unknown> } = {},
): Promise<SignedInBrowser> {
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error('the web UI is not built: run `pnpm --filter @spanhouse/web build` (pnpm test builds it first)');
  }
  const chromium = findChromium();
  if (!chromium) throw new Error('no chromium: install it (apt-get install chromium) or set CHROMIUM_PATH');
  const server = await startTestServer(label);
  let browser: Browser | undefined;
  try {
    await opts.seed?.(server);
    browser = await openBrowser(chromium);
    const url = (p: string) => `${server.baseUrl}${p}`;
    await browser.page.goto(url(opts.at ?? '/traces'));
    await signInWithToken(browser.page, server.credentials.bearerToken);
    const opened = browser;
    return {
      server,
      browser: opened,
      page: opened.page,
      url,
      async close() {
        await opened.close();
        await server.close();
      },
    };
  } catch (err) {
    await browser?.close();
    await server.close();
    throw err;
  }
}
