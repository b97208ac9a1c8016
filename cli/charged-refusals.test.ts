import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckResult } from '../harness-core/check-result.js';
import { createSlidingWindowLimiter } from '../reference-server/src/rate-limit/sliding-window.js';
import { startInFolder, type FolderServer } from '../reference-server/src/start-in-folder.js';
import type { RunSummary } from './report/summary.js';
import type { Statement } from './statement/statement-schema.js';
import { runCli } from './testing/run-cli.js';

let server: FolderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every 9th protected request refused before the exact limiter sees it: refusals of customers well within their budget. */
const REFUSE_EVERY = 9;

describe('a limiter that refuses admissible requests', () => {
  it('fails RATE-2 alone: the checks that met the refusals send again and judge their own rules', async () => {
    server = await startInFolder({
      prefix: 'cpf-charged-',
      configure: (deps) => {
        const exact = deps.limiter ?? createSlidingWindowLimiter();
        let requests = 0;
        return { ...deps, limiter: { tryAdmit: (key, nowMs) => (++requests % REFUSE_EVERY === 0 ? false : exact.tryAdmit(key, nowMs)), size: () => exact.size() } };
      },
      // A target of its own process: no capture of its deliveries here, so no webhook checks.
      adjustProfile: ({ webhook: _none, ...profile }) => profile,
    });
    const reports = join(server.dir, 'reports');
    const { code, output } = await runCli(['--base-url', server.baseUrl, '--profile', server.profilePath, '--area', 'projects', '--no-html', '--report-dir', reports]);
    expect(code, output).toBe(1);
    const checks = JSON.parse(readFileSync(join(reports, 'checks.json'), 'utf8')) as CheckResult[];
    const failed = checks.filter((c) => c.state === 'failed');
    expect(failed.length, output).toBeGreaterThan(0);
    expect(failed.filter((c) => c.metBy === undefined || c.rules.join() !== 'RATE-2').map((c) => c.title), output).toEqual([]);
    const summary = JSON.parse(readFileSync(join(reports, 'summary.json'), 'utf8')) as RunSummary;
    expect(summary.rules?.failed).toEqual(['RATE-2']);
    expect(output).toContain('rules failed: RATE-2');
    const envelope = JSON.parse(readFileSync(join(reports, 'statement.json'), 'utf8')) as { payload: string };
    const rules = (JSON.parse(Buffer.from(envelope.payload, 'base64').toString('utf8')) as Statement).predicate.cpfConformance.rules;
    expect(Object.entries(rules).filter(([, r]) => r.verdict === 'fail').map(([id]) => id)).toEqual(['RATE-2']);
    expect(Object.entries(rules).filter(([id, r]) => id.startsWith('PROJ-') && r.verdict === 'pass').length).toBeGreaterThan(40);
    // Allure lists the failure under RATE-2, as JUnit does in a suite of its own.
    const results = readdirSync(join(reports, 'allure-results')).filter((f) => f.endsWith('-result.json')).map((f) => JSON.parse(readFileSync(join(reports, 'allure-results', f), 'utf8')) as { status: string; labels: { name: string; value: string }[] });
    const underRate2 = results.filter((r) => r.status === 'failed' && r.labels.some((l) => l.name === 'feature' && l.value.startsWith('RATE-2:')));
    expect(underRate2.length).toBe(failed.length);
    expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toMatch(/<testsuite name="charged to the rule broken" tests="\d+" failures="\d+"/);
  }, 300_000);
});
