import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseProfile, type Profile } from '../../../spec/profile.schema.js';
import { hashApiToken } from '../domain/api-token.js';
import { INVALID_TOKEN_LIMIT, type InvalidTokenLimit } from '../rate-limit/fixed-window.js';
import type { Store } from '../store/store.js';
import type { SeededCustomer, SeededDataSet } from './demo.js';

const customer = (c: SeededCustomer) => ({ id: c.name, tokens: c.tokens });

/** The profile name of a data set: it tells a reused profile of another data set apart. */
export const profileName = (label: string) => `cpf reference server (${label} seed)`;

/**
 * The target profile the harness reads, filled from the seed (spec/profile.schema.ts). It names
 * only what the data set holds: a purpose it lacks (the thin seed's archived, completed and
 * incomplete projects, its variant) leaves the entry out, and the checks needing it skip. Its
 * invalid-token limit is the one the server runs with.
 */
export function buildProfile(seed: SeededDataSet, baseUrl: string, siteUrl: string, invalidTokenLimit: InvalidTokenLimit = INVALID_TOKEN_LIMIT): Profile {
  const c = seed.customers;
  return parseProfile(
    {
      name: profileName(seed.label),
      baseUrl,
      siteUrl,
      customers: {
        primary: customer(c.primary),
        foreign: customer(c.foreign),
        expiredUnlocked: customer(c.expiredUnlocked),
        locked: customer(c.locked),
        blocked: customer(c.blocked),
        noHeatpumpRight: customer(c.noHeatpumpRight),
        education: customer(c.education),
        pool: seed.pool.map((c, i) => {
          const resources = seed.poolResources[i];
          return resources ? { ...customer(c), resources } : customer(c);
        }),
      },
      resources: {
        foreignProjectKey: seed.projects['foreign'],
        expiredUnlockedProjectKey: seed.projects['expired'],
        expiredUnlockedCalculableKey: seed.projects['expiredCalculable'],
        lockedCalculableKey: seed.projects['locked'],
        noHeatpumpRightCalculableKey: seed.projects['noHeatpumpRightCalculable'],
        primaryProjectKeys: {
          archived: seed.projects['archived'],
          completed: seed.projects['completed'],
          calculable: seed.projects['portal'],
          incomplete: seed.projects['completed'],
          outsideRadius: seed.projects['outside'],
          withPictures: seed.projects['portal'],
          variant: seed.projects['variant'],
        },
        expiredLinks: {
          ...(seed.expiredLinks.picture === undefined ? {} : { picture: `${new URL(baseUrl).origin}${seed.expiredLinks.picture}` }),
          document: `${siteUrl}${seed.expiredLinks.document}`,
        },
        funding: {
          applications: seed.primaryApplications,
          projectWithApplications: seed.projects['portal'],
          projectWithoutApplications: seed.projects['api'],
          foreignApplicationId: seed.foreignApplicationId,
        },
        postalCodes: { valid: ['10178', '80939', '01067'], invalid: ['26757', '27498', '00000', '99999'] },
      },
      // "capture": whoever starts this server next to a capture points webhookReceiver's target at
      // it and adds captureControlUrl and authenticate (cli/webhook-capture/captured-server.ts).
      webhook: {
        mode: 'capture',
        customer: customer(c.webhookReceiver),
        freshCalculableProjects: seed.webhook.fresh,
        ...(seed.webhook.incomplete === undefined ? {} : { incompleteProject: seed.webhook.incomplete }),
        ssrf: { customer: customer(c.webhookSsrf), freshCalculableProjects: seed.webhook.ssrfFresh },
        // This server sends right after the PDF's commit, to a receiver on the same machine: a
        // delivery that has not come within 15 s will not come (a foreign target may need longer).
        deliveryWaitSeconds: 15,
      },
      limits: { invalidTokenPerIp: { requests: invalidTokenLimit.requests, windowSeconds: invalidTokenLimit.windowSeconds } },
    },
    'reference seed',
  );
}

/**
 * The profile documenting the invalid-token limit given: itself when it already does, else a copy
 * (a reused profile of a start with another --invalid-token-limit).
 */
export function documentingInvalidTokenLimit(profile: Profile, limit: InvalidTokenLimit): Profile {
  const documented = profile.limits?.invalidTokenPerIp;
  if (documented?.requests === limit.requests && documented.windowSeconds === limit.windowSeconds) return profile;
  return { ...profile, limits: { ...profile.limits, invalidTokenPerIp: { requests: limit.requests, windowSeconds: limit.windowSeconds } } };
}

/** Tokens are in clear here, so the file is readable by its owner only. */
export function writeProfile(path: string, profile: Profile): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(profile, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** A previously written profile of the data set `label` whose primary token still authenticates against this database. */
export function reusableProfile(path: string, store: Store, label = 'demo'): Profile | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const profile = parseProfile(JSON.parse(readFileSync(path, 'utf8')), path);
    if (profile.name !== profileName(label)) return undefined;
    const token = profile.customers.primary.tokens[0];
    return token !== undefined && store.customers.findByTokenHash(hashApiToken(token)) ? profile : undefined;
  } catch {
    return undefined;
  }
}
