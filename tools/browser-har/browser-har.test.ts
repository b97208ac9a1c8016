import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckResult } from '../../harness-core/check-result.js';
import { runCli } from '../../cli/cli.js';
import type { ObservationSummary } from '../../cli/observe/observation-summary.js';
import { startInFolder, type FolderServer } from '../../reference-server/src/start-in-folder.js';
import { absentChromium, findChromium, isExecutableFile } from '../report-check/chromium.js';
import { INTEGRATOR_CALLS, PACE_MS } from './integrator-page.js';
import type { WrittenHarEntry } from '../../observe/har/har-entry-of.js';
import { freedomOutcomes } from '../recorder-freedoms/recorder-freedoms.js';
import { recordBrowserHar } from './record-browser-har.js';

/**
 * Rules the page's calls decide, each judged "pass" on the bundled server: the public answers,
 * the content type, the error envelope and the 401, 404 and 422, the project list and detail,
 * the room list, creation, change and their read-back, the funding list, the picture list and
 * its relative link fetched from the origin, and the paced traffic against the rate limit.
 */
const EXPECTED_PASS = [
  ...['META-1', 'META-4', 'META-12', 'META-14'],
  ...['AUTH-1', 'AUTH-12', 'ERR-1', 'ERR-2', 'ERR-3', 'ERR-5', 'ERR-9', 'ERR-11', 'ERR-16', 'ERR-27'],
  ...['PROJ-89', 'PROJ-96'],
  ...['ROOM-1', 'ROOM-2', 'ROOM-4', 'ROOM-7', 'ROOM-37', 'ROOM-41', 'ROOM-49'],
  ...['FUND-1', 'FUND-33'],
  ...['DOC-15', 'DOC-17', 'DOC-26'],
  'RATE-1',
];

const UNKNOWN_KEY = 'zzzzzzzzz';

let server: FolderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Every file under `dir`, as bytes read as Latin-1 (an ASCII token shows in any encoding). */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path, text: readFileSync(path, 'latin1') };
    });
}

/** What a recorded session gave: the HAR, the observe run's output, summary and passed rules. */
interface JudgedSession {
  token: string;
  harPath: string;
  reportDir: string;
  code: number;
  output: string;
  summary: ObservationSummary;
  passed: Set<string>;
}

/** Chromium at the integrator page against a fresh sandbox, recorded with `content`, then `observe --har`; undefined (the test skipped) without a browser. */
async function judgedSession(ctx: { skip: (note: string) => void }, content: 'embed' | 'attach'): Promise<JudgedSession | undefined> {
  const lookup = findChromium(process.env, isExecutableFile);
  if (lookup.kind === 'invalid') throw new Error(lookup.message);
  if (lookup.kind === 'absent') {
    const outcome = absentChromium(process.env, 'the browser HAR test');
    if (outcome.code !== 0) throw new Error(outcome.message);
    ctx.skip(outcome.message);
    return undefined;
  }
  server = await startInFolder({ prefix: 'cpf-browser-har-' });
  const token = server.profile?.customers.primary.tokens[0];
  const keys = server.profile?.resources?.primaryProjectKeys;
  if (!token || !keys?.calculable || !keys.withPictures) throw new Error('the demo seed wrote no primary token, calculable project or project with pictures');
  const harPath = join(server.dir, 'chromium.har');
  const reportDir = join(server.dir, 'reports');
  const recording = await recordBrowserHar({
    executablePath: lookup.path,
    origin: server.origin,
    apiPath: new URL(server.baseUrl).pathname,
    token,
    projectKey: keys.calculable,
    picturesKey: keys.withPictures,
    unknownKey: UNKNOWN_KEY,
    paceMs: PACE_MS,
    harPath,
    content,
    timeoutMs: 30_000,
  });
  expect(recording.calls.map((c) => [c.label, c.status])).toEqual(INTEGRATOR_CALLS.map((c) => [c.label, c.status]));
  expect(recording.outside).toEqual([]);
  const lines: string[] = [];
  const code = await runCli(['observe', '--har', harPath, '--no-html', '--report-dir', reportDir], { out: (l) => lines.push(l), err: (l) => lines.push(l) });
  const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as ObservationSummary;
  const checks = JSON.parse(readFileSync(join(reportDir, 'checks.json'), 'utf8')) as CheckResult[];
  const passed = new Set(checks.filter((c) => c.state === 'passed').flatMap((c) => c.rules));
  return { token, harPath, reportDir, code, output: lines.join('\n'), summary, passed };
}

const entriesOf = (harPath: string) => (JSON.parse(readFileSync(harPath, 'utf8')) as { log: { entries: WrittenHarEntry[] } }).log.entries;

describe('a HAR that Chromium recorded of an integrator page', () => {
  it('is read entry by entry and judged without a failed rule, and no report holds the token', async (ctx) => {
    const session = await judgedSession(ctx, 'embed');
    if (!session) return;
    const { token, harPath, reportDir, code, output, summary, passed } = session;
    // The recording holds the token, so its absence from the reports below is the judge's doing.
    expect(readFileSync(harPath, 'utf8')).toContain(`Bearer ${token}`);
    expect(code, output).toBe(0);
    const file = summary.observed.files?.[0];
    expect(file?.skipped, output).toEqual({ oversize: 0, invalid: 0, cached: 0 });
    expect(file?.unanswered, output).toBe(0);
    expect(file?.exchanges, output).toBe(file?.entries);
    expect(summary.observed.exchanges, output).toBe(INTEGRATOR_CALLS.filter((c) => c.api).length);
    expect(summary.observed.customers).toBe(1);
    expect(summary.verdicts.fail, output).toBe(0);
    expect(EXPECTED_PASS.filter((id) => !passed.has(id)), output).toEqual([]);
    for (const report of filesUnder(reportDir)) expect(report.text.includes(token), `${report.path} holds the token`).toBe(false);

    // The same traffic as other recorders write it is judged alike (tools/recorder-freedoms/).
    const { outcomes } = await freedomOutcomes(entriesOf(harPath), server?.dir ?? '');
    expect(outcomes.filter((o) => o.departures.length > 0).map((o) => [o.freedom.id, o.departures])).toEqual([]);
  }, 60_000);

  it("is read with its bodies attached in files of their own (Playwright's `content: 'attach'`) as with them embedded", async (ctx) => {
    const session = await judgedSession(ctx, 'attach');
    if (!session) return;
    const { harPath, code, output, summary, passed } = session;
    expect(entriesOf(harPath).filter((e) => (e.response.content as { _file?: string })._file !== undefined).length).toBeGreaterThan(10);
    expect(code, output).toBe(0);
    expect(summary.verdicts.fail, output).toBe(0);
    expect(EXPECTED_PASS.filter((id) => !passed.has(id)), output).toEqual([]);
  }, 60_000);
});
