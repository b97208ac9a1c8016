import { describe, expect, it } from 'vitest';
import { parseProfile, type Profile } from '../../spec/profile.schema.js';
import { checkImageRef, containerEnv, containerPlan, hostOrigin, noEngineMessage, rewriteProfileOrigin } from './container-config.js';
import { parseRunOptions } from '../options.js';
import { UsageError } from '../command-line/usage.js';

const profile = (urls: { baseUrl?: string; siteUrl: string }): Profile =>
  parseProfile({ name: 'test', ...urls, customers: { primary: { id: 'p', tokens: ['t'] } } }, 'test');

describe('--image: image references', () => {
  it('accepts NAME, NAME:TAG, registry hosts with ports and digests', () => {
    for (const good of ['cpf-reference', 'cpf-reference:dev', 'localhost:5000/acme/cpf_api:1.4.0-rc.1', 'ghcr.io/acme/cpf-api:latest', `ghcr.io/acme/cpf@sha256:${'a'.repeat(64)}`]) {
      expect(checkImageRef(good), good).toBe(good);
    }
  });

  it('rejects what Docker would reject, naming the flag', () => {
    for (const bad of ['CPF-Reference', 'cpf:', ':dev', 'cpf reference', 'cpf:-dev', 'cpf@sha256:xyz', '-cpf', 'acme//cpf']) {
      expect(() => checkImageRef(bad), bad).toThrow(UsageError);
    }
    expect(() => checkImageRef('Cpf')).toThrow(/--image 'Cpf' is not an image reference. Fix: NAME\[:TAG\]/);
  });

  it('excludes --base-url, naming both flags', () => {
    expect(() => parseRunOptions(['--image', 'cpf:dev', '--base-url', 'http://127.0.0.1:8080/api/v2', '--profile', 'p.json'])).toThrow(/--base-url and --image exclude each other/);
    expect(parseRunOptions(['doctor', '--image=cpf:dev'])).toMatchObject({ command: 'doctor', image: 'cpf:dev' });
  });
});

describe('--image: container plan', () => {
  it('runs the bundled image on its port, waits for its health, reads its seed profile', () => {
    const plan = containerPlan({ image: 'cpf-reference:dev', profile: undefined });
    expect(plan).toMatchObject({
      bundled: true,
      containerPort: 8080,
      health: { path: '/api/v2/health', port: 8080, statusCode: 200 },
      profileInContainer: '/data/profile.json',
    });
    expect(plan.image).toBe('cpf-reference:dev');
    expect(plan.health.startupTimeoutMs).toBeGreaterThanOrEqual(60_000);
    // Links in the answers must be reachable from the host: the image learns the mapped origin.
    expect(containerEnv(plan, 'http://localhost:49153')).toEqual({ CPF_SITE_URL: 'http://localhost:49153' });
  });

  it("takes port and API path of another image from the operator's profile, and leaves its environment alone", () => {
    const plan = containerPlan({ image: 'acme/cpf-api:1.4', profile: profile({ baseUrl: 'http://localhost:3000/api/v2/', siteUrl: 'https://portal.example.com' }) });
    expect(plan).toMatchObject({ bundled: false, containerPort: 3000, health: { path: '/api/v2/health', port: 3000 } });
    expect(containerEnv(plan, 'http://localhost:49153')).toEqual({});
    expect(containerPlan({ image: 'acme/cpf-api', profile: profile({ siteUrl: 'http://localhost:8080' }) })).toMatchObject({ containerPort: 8080, health: { path: '/api/v2/health' } });
    expect(containerPlan({ image: 'acme/cpf-api', profile: profile({ baseUrl: 'http://api/api/v2', siteUrl: 'http://api' }) }).containerPort).toBe(80);
  });

  it('refuses an https baseUrl inside the container, and a bad image before anything starts', () => {
    expect(() => containerPlan({ image: 'acme/cpf-api', profile: profile({ baseUrl: 'https://localhost:8443/api/v2', siteUrl: 'https://localhost:8443' }) })).toThrow(/must be plain http/);
    expect(() => containerPlan({ image: 'Acme', profile: undefined })).toThrow(UsageError);
  });

  it('builds the origin the host reaches, IPv6 hosts in brackets', () => {
    expect(hostOrigin('localhost', 49153)).toBe('http://localhost:49153');
    expect(hostOrigin('::1', 49153)).toBe('http://[::1]:49153');
  });

  it('names the missing engine and the alternative', () => {
    const message = noEngineMessage('Could not find a working container runtime strategy');
    expect(message).toMatch(/--image needs a Docker engine/);
    expect(message).toMatch(/Could not find a working container runtime strategy/);
    expect(message).toMatch(/--base-url URL --profile FILE/);
  });
});

describe('--image: profile rewrite', () => {
  it("moves the seed profile's baseUrl from the listening address inside the container to the mapped port", () => {
    const seed = profile({ baseUrl: 'http://0.0.0.0:8080/api/v2', siteUrl: 'http://localhost:49153' });
    const rewritten = rewriteProfileOrigin(seed, 'http://localhost:49153');
    expect(rewritten.baseUrl).toBe('http://localhost:49153/api/v2');
    expect(rewritten.siteUrl).toBe('http://localhost:49153');
    expect(rewritten.customers).toEqual(seed.customers);
  });

  it("moves every other link of the container's own origin, and nothing else", () => {
    const seed = {
      ...profile({ baseUrl: 'http://0.0.0.0:8080/api/v2', siteUrl: 'http://localhost:49153' }),
      resources: { expiredLinks: { picture: 'http://0.0.0.0:8080/files/pictures/p1?sig=abc', document: 'http://0.0.0.0:80801/files/d1' }, links: ['http://0.0.0.0:8080', 'https://elsewhere.example.com/x'] },
    } as unknown as Profile;
    const rewritten = rewriteProfileOrigin(seed, 'http://localhost:49153') as unknown as { resources: unknown; customers: unknown };
    expect(rewritten.resources).toEqual({
      expiredLinks: { picture: 'http://localhost:49153/files/pictures/p1?sig=abc', document: 'http://0.0.0.0:80801/files/d1' },
      links: ['http://localhost:49153', 'https://elsewhere.example.com/x'],
    });
    expect(rewritten.customers).toEqual(seed.customers);
  });

  it('moves siteUrl along only when it shared the origin of baseUrl', () => {
    const same = rewriteProfileOrigin(profile({ baseUrl: 'http://localhost:3000/api/v2', siteUrl: 'http://localhost:3000/portal/' }), 'http://127.0.0.1:50000');
    expect(same).toMatchObject({ baseUrl: 'http://127.0.0.1:50000/api/v2', siteUrl: 'http://127.0.0.1:50000/portal' });
    const elsewhere = rewriteProfileOrigin(profile({ baseUrl: 'http://localhost:3000/api/v2', siteUrl: 'https://portal.example.com' }), 'http://127.0.0.1:50000');
    expect(elsewhere.siteUrl).toBe('https://portal.example.com');
  });
});
