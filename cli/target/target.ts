import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseProfile, type Profile } from '../../spec/profile.schema.js';
import { prepareContainerTarget } from './container-target.js';
import type { PreparedTarget } from './prepared-target.js';
import { UsageError } from '../command-line/usage.js';
import type { RunOptions } from '../options.js';
import { checkWebhookCapture } from '../webhook-capture/webhook-capture-check.js';

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
 * With --image: a container of that image (container-target.ts). Without --base-url and
 * --profile: the bundled reference server on a free loopback port with a fresh temporary database
 * and its own seed profile. Otherwise the given target and profile (the flag wins over the
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
  // Loaded only here: an external target's run (each fault run is one) has no use for the server's code.
  const { startCapturedServer } = await import('../webhook-capture/captured-server.js');
  const { composeVariations, selectVariations, UnknownVariation, freedomCoverage, formatFreedomCoverage } = await import('../../reference-server/variations/index.js');
  let variations;
  try {
    variations = selectVariations(options.vary);
  } catch (err) {
    if (err instanceof UnknownVariation) throw new UsageError(err.message);
    throw err;
  }
  const varied = composeVariations(variations);
  if (variations.length > 0) {
    log(`variations of the bundled server: ${variations.map((v) => v.id).join(', ')}`);
    log(formatFreedomCoverage(freedomCoverage(variations)));
  }
  const dir = mkdtempSync(join(tmpdir(), 'cpf-conformance-'));
  // The sender's line per delivery would bury the progress output; the checks report deliveries themselves.
  const captured = await startCapturedServer({ dir, ...(variations.length > 0 ? { configure: varied.configure, adjustProfile: varied.profile } : {}), log: (line) => (line.startsWith('webhook pdf.generated') ? undefined : log(line)) });
  log(`bundled reference server on ${captured.server.baseUrl} (database and profile in ${dir}), its webhook deliveries captured in this process`);
  return {
    baseUrl: captured.server.baseUrl,
    profile: captured.profile,
    profilePath: captured.profilePath,
    kind: 'bundled',
    close: async () => {
      await captured.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
