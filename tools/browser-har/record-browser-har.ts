import { chromium } from 'playwright-core';
import { z } from 'zod';
import { CHROMIUM_ARGS } from '../report-check/chromium.js';
import { integratorPageHtml, type IntegratorConfig, type PageCall } from './integrator-page.js';

export interface BrowserHarOptions extends IntegratorConfig {
  executablePath: string;
  /** The API's origin; the page is served at a path of it. */
  origin: string;
  token: string;
  /** Where Chromium writes the HAR. */
  harPath: string;
  /** Bodies in the HAR (`embed`, the default) or in files of their own beside it (`attach`, as Playwright records into a .zip). */
  content?: 'embed' | 'attach';
  /** How long the page may take for all its calls (ms). */
  timeoutMs: number;
}

export interface BrowserHarRecording {
  /** What the page's script saw, call by call. */
  calls: PageCall[];
  /** URLs beyond the origin the browser tried (aborted: the network is loopback only). */
  outside: string[];
}

/** Not served by the API: the page is handed to the browser by the route below. */
const PAGE_PATH = '/integrator/index.html';

const pageCalls = z.array(z.object({ label: z.string(), method: z.string(), path: z.string(), status: z.number(), errorType: z.string().optional() }));

/**
 * Opens the integrator page in headless Chromium with Playwright's `recordHar` (full bodies,
 * embedded or attached), types the token into its settings, lets its script call the API and closes the
 * context, which is when Playwright writes the HAR.
 */
export async function recordBrowserHar(options: BrowserHarOptions): Promise<BrowserHarRecording> {
  const { executablePath, origin, token, harPath, timeoutMs, content = 'embed', ...config } = options;
  const pageUrl = `${origin}${PAGE_PATH}`;
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ recordHar: { path: harPath, content } });
    const outside: string[] = [];
    await context.route(
      (url) => url.origin !== origin,
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    await page.route(pageUrl, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: integratorPageHtml(config) }));
    await page.goto(pageUrl);
    await page.locator('#token').fill(token);
    await page.locator('#run').click();
    await page.locator('#log[data-done]').waitFor({ state: 'attached' });
    const calls = pageCalls.parse(JSON.parse(await page.locator('#log').innerText()));
    await context.close();
    return { calls, outside };
  } finally {
    await browser.close();
  }
}
