import { describe, expect, it } from 'vitest';
import { registryUnreachable } from './registry-failure.js';

describe('registry failure of npm install', () => {
  it.each([
    ['npm error code ENOTFOUND\nnpm error syscall getaddrinfo\nnpm error network request to https://registry.npmjs.org/allure failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org', 'network request to https://registry.npmjs.org/allure failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org'],
    ['npm error code EAI_AGAIN\nnpm error request to https://registry.npmjs.org/vitest failed, reason: getaddrinfo EAI_AGAIN registry.npmjs.org', 'request to https://registry.npmjs.org/vitest failed, reason: getaddrinfo EAI_AGAIN registry.npmjs.org'],
    ["npm error code ENOTCACHED\nnpm error request to https://registry.npmjs.org/allure failed: cache mode is 'only-if-cached' but no cached response is available.", "request to https://registry.npmjs.org/allure failed: cache mode is 'only-if-cached' but no cached response is available."],
    ['npm error code ETIMEDOUT', 'code ETIMEDOUT'],
  ])('is the registry: %s', (output, reason) => {
    expect(registryUnreachable(output)).toBe(reason);
  });

  it.each([
    'npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/cpf-nonexistent',
    'npm error code 1\nnpm error path /tmp/x/node_modules/better-sqlite3\nnpm error command failed\ngyp ERR! build error',
    'npm error code EINTEGRITY\nnpm error sha512-... integrity checksum failed',
  ])('is the package, not the registry: %s', (output) => {
    expect(registryUnreachable(output)).toBeUndefined();
  });
});
