import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseProfile, type Profile } from '../../spec/profile.schema.js';
import { prepareContainerTarget } from './container-target.js';
import type { PreparedTarget } from './prepared-target.js';
import { UsageError } from '../command-line/usage.js';
import type { RunOptions } from '../options.js';
import { checkWebhookCapture } from '../webhook-capture/webhook-capture-check.js';
import { startCapturedServerThread } from '../webhook-capture/captured-server-thread.js';

export function loadProfile(path: string): Profile {
  const full = resolve(path);
  if (!existsSync(full)) throw new UsageError(`--profile ${path}: file not found. Fix: copy spec/profile.example.json, fill it in, and pass its path`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(full, 'utf8'));
  } catch (err) {
    throw new UsageError(`--profile ${path}: not valid JSON (${(err as Error).message}). Fix: check the file with a JSON linter`);
  }
  try {
    return parseProfile(json, path);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/**
 * With --image: a container of that image (container-target.ts). Without --base-url and --profile:
 * the bundled reference server on a thread of its own, a free loopback port, a fresh temporary
 * database and its own seed profile. Otherwise the given target and profile (the flag wins over the
 * profile's baseUrl).
 */
export async function prepareTarget(options: RunOptions, log: (line: string) => void): Promise<PreparedTarget> {
  if (options.image) return prepareContainerTarget(options.image, options.profile ? loadProfile(options.profile) : undefined, log);
  if (options.profile) {
    const profile = loadProfile(options.profile);
    const baseUrl = options.baseUrl ?? profile.baseUrl;
    if (!baseUrl) throw new UsageError(`profile ${options.profile} has no baseUrl and no --base-url was given. Fix: add "baseUrl" to the profile or pass --base-url`);
    await checkWebhookCapture(profile, options.profile, baseUrl.replace(/\/+$/, ''));
    return { baseUrl: baseUrl.replace(/\/+$/, ''), profile, profilePath: resolve(options.profile), kind: 'external', close: async () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'cpf-conformance-'));
  let captured;
  try {
    captured = await startCapturedServerThread({ dir, vary: options.vary, log });
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  log(`bundled reference server on ${captured.baseUrl} (database and profile in ${dir}), on a thread of its own, its webhook deliveries captured there`);
  return {
    baseUrl: captured.baseUrl,
    profile: captured.profile,
    profilePath: captured.profilePath,
    kind: 'bundled',
    close: async () => {
      await captured.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
