/**
 * "404 | `not_found` | ... malformed paths are also not found" (error table), whatever the method:
 * the other ERR-12 and the PROJ-3 checks send GET; these send POST, PUT, PATCH and DELETE to
 * malformed project keys and to an unknown route under the prefix. POST, PUT and PATCH carry the
 * minimal body of an endpoint of the table with that method, so nothing but the path is wrong.
 */
import { describe } from 'vitest';
import { endpointById } from '../../spec/endpoints.js';
import { check, harnessProjectName } from '../harness/check.js';
import { REFUSED } from '../harness/client.js';
import { expectError } from '../harness/expect-api.js';

/** The rules a path breaks: a key that is not nine letters is also PROJ-3's. */
const PATHS: readonly { what: string; path: string; rules: readonly string[] }[] = [
  { what: 'a key of three digits', path: '/reports/123', rules: ['ERR-12', 'PROJ-3'] },
  { what: 'a key of three letters', path: '/reports/abc', rules: ['ERR-12', 'PROJ-3'] },
  { what: 'an unknown route under the prefix', path: '/no-such-route', rules: ['ERR-12'] },
];

/** DELETE has no endpoint in the table, and no body. */
const METHODS: readonly { method: string; body?: (text: string) => unknown }[] = [
  ...(['reports.create-with-data', 'reports.password', 'reports.change'] as const).map(endpointById).map((e) => ({ method: e.method, body: e.minimalBody })),
  { method: 'DELETE' },
];

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function malformedPathMethodChecks(): void {
  describe('404 malformed paths with other methods than GET', () => {
    for (const { what, path, rules } of PATHS) {
      for (const { method, body } of METHODS) {
        check(
          rules,
          `${method} with ${what} (${path})${body ? ' and a valid JSON body' : ''} answers 404 not_found`,
          async (t) => {
            const owner = await t.owner();
            expectError(await owner.send(method, path, { ...REFUSED, ...(body ? { body: body(harnessProjectName('ERR-12')) } : {}) }), 404, 'not_found');
          },
          // A target that serves the path anyway may write.
          { writes: true },
        );
      }
    }
  });
}
