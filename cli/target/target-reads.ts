import { z } from 'zod';
import { PROFILE_PROJECT_KEY_PATTERN } from '../../spec/profile.schema.js';
import type { Answer, PacedReader } from '../paced-reader.js';

/**
 * What `doctor` and `init` read from a target's answers, each read as loosely as the spec allows:
 * only the members the spec names are relied on.
 */
export interface Reader {
  reader: PacedReader;
  /** Pacing lane of the customer (all its tokens share the limit). */
  customer: string;
  token: string;
}

export const read = (who: Reader, path: string): Promise<Answer> => who.reader.get(who.customer, who.token, path);

const headerSchema = z.looseObject({ projektHeader: z.looseObject({ key: z.string(), link: z.string(), status: z.number() }) });
export type ProjectHeader = z.infer<typeof headerSchema>['projektHeader'];

/** projektHeader of GET /reports/{key}, when the answer is 200 and carries one. */
export function headerOf(answer: Answer): ProjectHeader | undefined {
  if (answer.status !== 200) return undefined;
  const parsed = headerSchema.safeParse(answer.json);
  return parsed.success ? parsed.data.projektHeader : undefined;
}

const errorSchema = z.looseObject({ details: z.looseObject({ type: z.string() }) });

/** `details.type` of an error envelope, when there is one. */
export function errorType(answer: Answer): string | undefined {
  const parsed = errorSchema.safeParse(answer.json);
  return parsed.success ? parsed.data.details.type : undefined;
}

/** "422 calculation_unavailable", "200", ...: an answer as the findings and comments quote it. */
export function describeAnswer(answer: Answer): string {
  const type = answer.status >= 400 ? errorType(answer) : undefined;
  return type === undefined ? String(answer.status) : `${answer.status} ${type}`;
}

/**
 * What GET .../results says about a project: calculable (200), incomplete (422
 * calculation_unavailable) or refused (403: for an own project of a licensed customer, the radius).
 */
export type ResultsKind = 'calculable' | 'incomplete' | 'refused' | 'other';

export function resultsKind(answer: Answer): ResultsKind {
  if (answer.status === 200) return 'calculable';
  if (answer.status === 422 && errorType(answer) === 'calculation_unavailable') return 'incomplete';
  if (answer.status === 403) return 'refused';
  return 'other';
}

const picturesSchema = z.looseObject({ pictures: z.array(z.unknown()) });

/** Number of listed pictures, or undefined when the answer is not a picture list. */
export function pictureCount(answer: Answer): number | undefined {
  if (answer.status !== 200) return undefined;
  const parsed = picturesSchema.safeParse(answer.json);
  return parsed.success ? parsed.data.pictures.length : undefined;
}

/**
 * Keys of the projects GET /reports lists. The fields of a list entry are not shown in the spec,
 * so every nine-letter string under a member whose name says key counts, at any depth.
 */
export function listedProjectKeys(json: unknown): string[] {
  const keys = new Set<string>();
  const visit = (value: unknown, name: string) => {
    if (typeof value === 'string') {
      if (/key$/i.test(name) && PROFILE_PROJECT_KEY_PATTERN.test(value)) keys.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, name);
    } else if (typeof value === 'object' && value !== null) {
      for (const [member, inner] of Object.entries(value)) visit(inner, member);
    }
  };
  visit(json, '');
  return [...keys];
}

/** Whether a project key appears anywhere in an answer (in whatever member the target shows it). */
export function mentionsKey(answer: Answer, key: string): boolean {
  return new RegExp(`(^|[^A-Za-z])${key}([^A-Za-z]|$)`, 'i').test(answer.text);
}

const listedApplication = z.looseObject({ applicationId: z.string() });
export type ListedApplication = z.infer<typeof listedApplication>;
const applicationListSchema = z.looseObject({ applications: z.array(listedApplication), total: z.number().optional() });

const PAGE_LIMIT = 100;
/** 10000 applications: more than any test customer holds; the walk stops there rather than loop on a broken pager. */
const MAX_PAGES = 100;

/**
 * Every application of a funding list (`/funding/applications` or a project's), page by page at
 * the maximum limit; or the first answer that is not a list.
 */
export async function allApplications(who: Reader, path: string): Promise<{ applications: ListedApplication[] } | { refused: Answer }> {
  const applications: ListedApplication[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await read(who, `${path}?page=${page}&limit=${PAGE_LIMIT}`);
    const parsed = answer.status === 200 ? applicationListSchema.safeParse(answer.json) : undefined;
    if (!parsed?.success) return { refused: answer };
    applications.push(...parsed.data.applications);
    const total = parsed.data.total ?? Infinity;
    if (parsed.data.applications.length < PAGE_LIMIT || applications.length >= total) break;
  }
  return { applications };
}

/** Origin plus path prefix the project links share, minus the folder that holds the keys: the `{site_url}` they lie under. */
export function siteUrlOf(links: readonly string[]): string | undefined {
  const urls = links.flatMap((link) => {
    try {
      return [new URL(link)];
    } catch {
      return [];
    }
  });
  const origin = urls[0]?.origin;
  if (origin === undefined || urls.some((url) => url.origin !== origin)) return undefined;
  const folders = urls.map((url) => url.pathname.split('/').filter(Boolean).slice(0, -1));
  const shared: string[] = [];
  for (const [i, segment] of (folders[0] ?? []).entries()) {
    if (folders.some((f) => f[i] !== segment)) break;
    shared.push(segment);
  }
  return [origin, ...shared.slice(0, -1)].join('/');
}
