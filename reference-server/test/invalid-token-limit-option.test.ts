import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../spec/profile.schema.js';
import { spawnServer } from '../src/server-process.js';
import { withStartedServer } from './support/started-server.js';
import { useTempDirs } from './support/temp-dirs.js';

const invalidTokenRequest = (origin: string) => fetch(`${origin}/api/v2/reports`, { headers: { authorization: 'Bearer x' } });

describe('--invalid-token-limit', () => {
  const tempDir = useTempDirs('cpf-invalid-token-limit-');

  it('limits, answers, describes and documents the configured value: 3 per 60 s', async () => {
    const dir = tempDir();
    const profilePath = join(dir, 'profile.json');
    const s = await spawnServer(['--port', '0', '--db', join(dir, 'reference.sqlite'), '--profile-out', profilePath, '--invalid-token-limit', '3/60']);
    try {
      for (let i = 1; i <= 3; i++) expect((await invalidTokenRequest(s.origin)).status, `request ${i}`).toBe(401);
      const refused = await invalidTokenRequest(s.origin);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(((await refused.json()) as { details: unknown }).details).toEqual({ type: 'rate_limit', limit: 3, windowSeconds: 60, retryAfter: 60 });

      const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as Profile;
      expect(profile.limits?.invalidTokenPerIp).toEqual({ requests: 3, windowSeconds: 60 });

      // The API description is served at run time: it states the limit this server runs with.
      const doc = (await (await fetch(`${s.origin}/openapi.json`)).json()) as {
        info: { description: string };
        components: { responses: { RateLimited: { headers: { 'Retry-After': { schema: { enum: number[] } } } } }; schemas: Record<string, unknown> };
      };
      expect(doc.info.description).toContain('limited per source address to 3 per fixed 60-second window (429 with `Retry-After: 60`)');
      expect(doc.components.responses.RateLimited.headers['Retry-After'].schema.enum).toEqual([1, 60]);
      expect(doc.components.schemas.InvalidTokenRateLimitedError).toMatchObject({
        properties: { details: { properties: { limit: { const: 3 }, windowSeconds: { const: 60 }, retryAfter: { const: 60 } } } },
      });
    } finally {
      s.child.kill('SIGTERM');
      await once(s.child, 'exit');
    }
  });

  it('rewrites a reused profile that documents another limit, keeping its tokens', async () => {
    const dir = tempDir();
    const options = { db: join(dir, 'reference.sqlite'), profileOut: join(dir, 'profile.json'), seed: 'demo' as const };
    const first = await withStartedServer(options, async (server) => server.profile);
    expect(first?.limits?.invalidTokenPerIp).toEqual({ requests: 60, windowSeconds: 5 });
    await withStartedServer({ ...options, invalidTokenLimit: { requests: 3, windowSeconds: 60 } }, async (server) => {
      expect(server.profileReused).toBe(true);
      expect(server.profile?.customers.primary.tokens).toEqual(first?.customers.primary.tokens);
      expect(server.profile?.limits?.invalidTokenPerIp).toEqual({ requests: 3, windowSeconds: 60 });
    });
    const written = JSON.parse(readFileSync(options.profileOut, 'utf8')) as Profile;
    expect(written.limits?.invalidTokenPerIp).toEqual({ requests: 3, windowSeconds: 60 });
    expect(written.customers.primary.tokens).toEqual(first?.customers.primary.tokens);
  });
});
