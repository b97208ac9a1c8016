import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { accessSync, constants } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../../tools/report-check/chromium.js';
import { renderReport } from './html-report.js';
import { defaultOptions } from './options.js';
import { Recorder } from './recorder.js';
import type { SimulationResult } from './result-file.js';
import { syntheticExchanges } from './synthetic-exchanges.js';
import { judge } from './verdicts.js';

function syntheticResult(): SimulationResult {
  const recorder = new Recorder({ timeOrigin: Date.UTC(2026, 10, 25, 10, 0, 0), floodPhaseSeconds: 1 });
  for (const e of syntheticExchanges({ customers: 300, seconds: 30, flood: true })) recorder.record(e);
  recorder.judgeRefusals(0);
  const run = { target: 'http://127.0.0.1:1/api/v2', kind: 'bundled' as const, fault: null, shard: null, customers: 300, flooders: 1, plannedPerSecond: 130, budgetPerSecond: 600, startedAt: '2026-11-25T10:00:00.000Z', endedAt: '2026-11-25T10:00:30.000Z', durationSeconds: 30, seed: 1, floodPhaseSeconds: 1, warmUpSeconds: 2 };
  return { runs: [run], thresholds: defaultOptions().thresholds, stats: recorder.stats };
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

describe('the HTML report', () => {
  const result = syntheticResult();
  const html = renderReport(result, judge(result));

  it('is one self-contained file: no scripts, stylesheets, images or fonts from anywhere', () => {
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\bsrc=|\bhref=|url\(|@import/i);
    expect(html.match(/<svg class="chart"/g)?.length).toBeGreaterThanOrEqual(3 + 7);
    expect(html).toContain('GET /reports/{key}/results');
    expect(html).toContain("The flood's effect on the others");
  });

  it('renders in headless Chromium without a single request beyond the file', async (ctx) => {
    const lookup = findChromium(process.env, executable);
    if (lookup.kind !== 'found') return ctx.skip(lookup.kind === 'invalid' ? lookup.message : 'Chromium not found (apt-get install chromium, or CPF_CHROMIUM=/path)');
    const dir = resolve('reports/load/simulate-check');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'report.html');
    writeFileSync(file, html);
    const browser = await chromium.launch({ executablePath: lookup.path, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1240, height: 900 } });
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(pathToFileURL(file).href);
      await expect.poll(() => page.locator('svg.chart path').count()).toBeGreaterThan(20);
      expect(await page.locator('h1').innerText()).toMatch(/Load simulation (PASS|FAIL)/);
      expect(await page.locator('svg.chart').first().boundingBox()).toMatchObject({ width: 900 });
      await page.screenshot({ path: join(dir, 'report.png'), fullPage: true });
      expect(requests).toEqual([pathToFileURL(file).href]);
      expect(existsSync(join(dir, 'report.png'))).toBe(true);
    } finally {
      await browser.close();
    }
  });
});
