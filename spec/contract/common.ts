/**
 * Building blocks shared by the contract schemas: project keys, time formats and URL rules.
 * Written from the spec (Customer Project and Funding API v2, 2.5.0); nothing here comes from the reference server.
 */
import { z } from 'zod';

/** "Identified by `projectKey`: nine letters. ... the route accepts nine letters including uppercase." */
export const PROJECT_KEY_PATTERN = /^[A-Za-z]{9}$/;
/** "Newly created keys are nine lowercase letters" */
export const CREATED_PROJECT_KEY_PATTERN = /^[a-z]{9}$/;

export const projectKeySchema = z.string().regex(PROJECT_KEY_PATTERN, 'project key must be nine letters');
export const createdProjectKeySchema = z
  .string()
  .regex(CREATED_PROJECT_KEY_PATTERN, 'newly created project key must be nine lowercase letters');

/**
 * Funding times: "ISO 8601 UTC (+00:00)". The spec spells the offset as `+00:00`, so `Z` and other
 * offsets are rejected here (fractional seconds are tolerated, ISO 8601 allows them).
 */
export const ISO_UTC_PLUS_ZERO_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?\+00:00$/;

function isRealInstant(value: string): boolean {
  return !Number.isNaN(Date.parse(value)) && isRealCalendarDate(value.slice(0, 10));
}

function isRealCalendarDate(ymd: string): boolean {
  const [y, m, d] = ymd.split('-').map(Number);
  if (y === undefined || m === undefined || d === undefined) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const isoUtcPlusZeroSchema = z
  .string()
  .regex(ISO_UTC_PLUS_ZERO_PATTERN, 'must be ISO 8601 UTC with offset +00:00, e.g. 2025-01-31T09:15:00+00:00')
  .refine(isRealInstant, 'must be a real calendar date and time');

/**
 * Webhook `generatedAt`: "ISO 8601 UTC timestamp". No offset spelling is given there, so both `Z`
 * and `+00:00` count as UTC; any other offset is not UTC.
 */
export const ISO_UTC_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|\+00:00)$/;
export const isoUtcSchema = z
  .string()
  .regex(ISO_UTC_PATTERN, 'must be an ISO 8601 UTC timestamp (Z or +00:00)')
  .refine(isRealInstant, 'must be a real calendar date and time');

/** Health `timestamp: date-time`: an RFC 3339 date-time with any offset. */
export const dateTimeSchema = z.iso.datetime({ offset: true });

/** An absolute http(s) URL ("full URL"). */
export const absoluteUrlSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}, 'must be an absolute http(s) URL');

/**
 * "full URLs under `{site_url}`": same origin as the site URL and a path inside the site URL's path.
 * The site URL comes from the target profile, so this is a helper and not a static schema.
 */
export function isUnderSiteUrl(value: string, siteUrl: string): boolean {
  let url: URL;
  let site: URL;
  try {
    url = new URL(value);
    site = new URL(siteUrl);
  } catch {
    return false;
  }
  if (url.origin !== site.origin) return false;
  const prefix = site.pathname.endsWith('/') ? site.pathname : `${site.pathname}/`;
  return url.pathname === site.pathname || url.pathname.startsWith(prefix);
}

/** A schema for a full URL under the given `{site_url}`. */
export function urlUnderSite(siteUrl: string): z.ZodType<string> {
  return absoluteUrlSchema.refine((value) => isUnderSiteUrl(value, siteUrl), `must be a full URL under ${siteUrl}`);
}

/**
 * Picture URLs "may be relative and then resolve against the server origin, not against the
 * `/api/v2` path": resolve against the origin of the base URL only.
 */
export function resolveAgainstOrigin(value: string, baseUrl: string): URL {
  return new URL(value, new URL(baseUrl).origin);
}

/** A JSON scalar (project fields: "Only scalar values are allowed (no arrays, no objects)"). */
export const jsonScalarSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
