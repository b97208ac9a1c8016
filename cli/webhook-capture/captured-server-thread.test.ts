import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { UsageError } from '../command-line/usage.js';
import { startCapturedServerThread } from './captured-server-thread.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpf-thread-test-'));
  dirs.push(dir);
  return dir;
};

describe('the bundled target on a thread of its own', () => {
  it('serves the API and the capture control, with the profile written, until closed', async () => {
    const lines: string[] = [];
    const server = await startCapturedServerThread({ dir: freshDir(), vary: ['health-cached-timestamp'], log: (line) => lines.push(line) });
    try {
      expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
      expect(existsSync(server.profilePath)).toBe(true);
      expect(server.profile.webhook?.captureControlUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      expect(lines[0]).toBe('variations of the bundled server: health-cached-timestamp');
      const health = await request(`${server.baseUrl}/health`);
      await health.body.dump();
      expect(health.statusCode).toBe(200);
    } finally {
      await server.close();
    }
    await expect(request(`${server.baseUrl}/health`)).rejects.toThrow();
  }, 60_000);

  it("takes an unknown variation for the user's mistake", async () => {
    await expect(startCapturedServerThread({ dir: freshDir(), vary: ['no-such-variation'], log: () => {} })).rejects.toBeInstanceOf(UsageError);
  }, 60_000);
});
