import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../reference-server/src/app.js';
import { startReferenceServer, type RunningServer } from '../reference-server/src/start.js';
import { customerOfAuthorization } from '../reference-server/seams/customer.js';
import { intercept } from '../reference-server/seams/intercept.js';
import { isPlainObject } from '../reference-server/seams/json-shapes.js';
import { rewriteJson } from '../reference-server/seams/response-rewrite.js';
import { runCli } from './testing/run-cli.js';

/** Deviations of the target that the preflight alone could take for a mistake of the profile. */
const deviations: Record<string, (deps: AppDeps) => AppDeps> = {
  'GET / without version': (deps) =>
    intercept(
      deps,
      rewriteJson((body, req) => {
        if (req.path !== '/' || !isPlainObject(body)) return body;
        const { version: _dropped, ...rest } = body;
        return rest;
      }),
    ),
  'a blocked customer answered 403': (deps) =>
    intercept(deps, (req, res, next) => {
      if (customerOfAuthorization(deps, req.headers.authorization)?.blocked) res.status(403).json({ status: 403, error: 'Zugriff verweigert.', details: { type: 'authorization' } });
      else next();
    }),
};

let server: RunningServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function runAgainst(deviation: (deps: AppDeps) => AppDeps, selection: string[]): Promise<{ code: number | null; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'cpf-doubt-'));
  dirs.push(dir);
  server = await startReferenceServer({
    port: 0,
    host: '127.0.0.1',
    db: join(dir, 'db.sqlite'),
    seed: 'demo',
    profileOut: join(dir, 'profile.json'),
    configure: deviation,
    // A target of its own process: no capture of its deliveries here, so no webhook checks.
    adjustProfile: ({ webhook: _none, ...profile }) => profile,
  });
  return runCli(['--base-url', server.baseUrl, '--profile', join(dir, 'profile.json'), ...selection, '--no-html', '--report-dir', join(dir, 'reports')]);
}

describe('a deviation the preflight cannot tell from a profile mistake fails its rule (exit 1), read both ways', () => {
  it('GET / without version: META-3', async () => {
    const { code, output } = await runAgainst(deviations['GET / without version'] as never, ['--area', 'meta']);
    expect(code, output).toBe(1);
    expect(output).toContain('GET / answered version (none), not 2.5.0: if the profile is right, the target breaks META-3; otherwise fix --base-url');
    const junit = readFileSync(join(dirs[0] as string, 'reports', 'junit.xml'), 'utf8');
    expect(junit).toMatch(/<testsuite name="preflight" tests="1" failures="1"[^>]*>\s*<testcase classname="preflight" name="\[META-3\] preflight: GET \/ answered version \(none\)/);
  }, 180_000);

  it('a blocked customer answered 403: AUTH-3', async () => {
    const { code, output } = await runAgainst(deviations['a blocked customer answered 403'] as never, ['--rules', 'AUTH-3']);
    expect(code, output).toBe(1);
    expect(output).toContain('customers.blocked.tokens[0]: GET /reports answered 403, expected 401 for a blocked customer: if the profile is right, the target breaks AUTH-3 and ERR-9; otherwise fix customers.blocked');
  }, 180_000);
});
