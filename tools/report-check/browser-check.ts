import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium.js';
import { CURL_ATTACHMENT, EXCHANGES_ATTACHMENT, type ReportExpectations, type Totals } from './expectations.js';
import { serveDirectory } from './static-server.js';

const STEP_TIMEOUT_MS = 15_000;
const SCREENSHOTS = ['totals.png', 'failing-check.png', 'error.png'];

type Log = (line: string) => void;

const STATUS_LABELS: [keyof Totals, string][] = [
  ['total', 'Total'],
  ['passed', 'Passed'],
  ['failed', 'Failed'],
  ['broken', 'Broken'],
  ['skipped', 'Skipped'],
];

/** Waits for the SPA to render the element; false when it never does. */
async function isShown(locator: Locator): Promise<boolean> {
  return locator.first().waitFor({ state: 'visible' }).then(
    () => true,
    () => false,
  );
}

/** The counters above the report's tree; Allure leaves out a status nobody has. */
async function checkTotals(page: Page, expected: Totals, log: Log): Promise<string[]> {
  const item = (label: string) => page.locator('.metadata-item').filter({ has: page.getByText(label, { exact: true }) });
  await item('Total').waitFor();
  const problems: string[] = [];
  const seen: string[] = [];
  for (const [key, label] of STATUS_LABELS) {
    const want = expected[key];
    const present = (await item(label).count()) > 0;
    const value = present ? Number((await item(label).innerText()).replace(label, '').trim()) : 0;
    seen.push(`${key} ${present ? value : '(none)'}`);
    if (value !== want) problems.push(`the report shows ${label} ${present ? value : '(absent)'}, summary.json says ${want}`);
  }
  log(`  totals in the report: ${seen.join(', ')}`);
  return problems;
}

/** Finds the failing check through the report's search, opens it and expands its two attachments. */
async function checkFailingCheck(page: Page, failing: ReportExpectations['failing'], log: Log): Promise<string[]> {
  await page.getByPlaceholder('Search tests').fill(failing.title);
  await page.getByText(failing.title, { exact: true }).click();
  const problems: string[] = [];
  if (!(await isShown(page.getByRole('heading', { name: failing.title, exact: true })))) problems.push(`the test page has no heading "${failing.title}"`);
  if (!(await isShown(page.getByText('Failed', { exact: true })))) problems.push('the test page does not show the status Failed');
  for (const [name, text] of [
    [CURL_ATTACHMENT, failing.curl],
    [EXCHANGES_ATTACHMENT, failing.exchanges],
  ] as const) {
    // The attachment header is a button whose name also holds its step number, so its label text is clicked.
    await page.getByText(name, { exact: true }).click();
    // Text matching normalises whitespace, so this compares the whole attachment as displayed.
    if (await isShown(page.getByText(text, { exact: true }))) {
      log(`  "${name}" shown: ${text.split('\n').find((l) => /^(curl|[A-Z]+ http)/.test(l)) ?? text.slice(0, 80)}`);
    } else {
      problems.push(`the "${name}" attachment of "${failing.title}" is not shown as recorded in allure-results:\n${text}`);
    }
  }
  await page.getByText(CURL_ATTACHMENT, { exact: true }).scrollIntoViewIfNeeded();
  return problems;
}

/**
 * Opens the Allure report in `reportDir` (served over loopback HTTP: the SPA fetches its data
 * files, which Chromium refuses under file://) and returns what it fails to show; screenshots
 * go to `screenshotDir` (totals.png, failing-check.png, or error.png when a step times out).
 */
export async function checkInBrowser(executablePath: string, reportDir: string, expected: ReportExpectations, screenshotDir: string, log: Log): Promise<string[]> {
  // A screenshot left by an earlier run must not pass for this one's.
  for (const name of SCREENSHOTS) rmSync(join(screenshotDir, name), { force: true });
  const server = await serveDirectory(reportDir);
  const browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  const pageErrors: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1800 } });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    page.on('pageerror', (err) => pageErrors.push(err.message));
    // The report must work offline and call nobody (its page is built without Allure's analytics
    // tag): outside requests are aborted and each one is a problem.
    const outside: string[] = [];
    await page.route(
      (url) => !url.href.startsWith(server.url),
      (route) => {
        outside.push(route.request().url());
        return route.abort();
      },
    );
    try {
      await page.goto(server.url);
      const problems = await checkTotals(page, expected.totals, log);
      await page.screenshot({ path: join(screenshotDir, 'totals.png') });
      problems.push(...(await checkFailingCheck(page, expected.failing, log)));
      await page.screenshot({ path: join(screenshotDir, 'failing-check.png') });
      for (const url of new Set(outside)) problems.push(`the report tried to reach ${url} (it must not call anything beyond its own files)`);
      return problems;
    } catch (err) {
      await page.screenshot({ path: join(screenshotDir, 'error.png') }).catch(() => undefined);
      const detail = pageErrors.length ? `\n  errors in the page: ${pageErrors.join('; ')}` : '';
      return [`${(err as Error).message.split('\n')[0]} (screenshot ${join(screenshotDir, 'error.png')})${detail}`];
    }
  } finally {
    await browser.close();
    await server.close();
  }
}
