import { z } from 'zod';
import type { PacedReader } from '../paced-reader.js';
import { allApplications, describeAnswer, headerOf, listedProjectKeys, pictureCount, read, resultsKind, type ListedApplication, type Reader, type ResultsKind } from '../target/target-reads.js';

/**
 * What `init` reads of a target, as each customer of the tokens file, read-only and paced: the
 * projects the list shows and what each answers, and the funding applications. How much is read
 * depends on what the draft needs of the customer (`Wanted`).
 */
export interface SeenProject {
  key: string;
  /** From GET /reports/{key}, when read. */
  status?: number;
  link?: string;
  postalCode?: string;
  results?: ResultsKind;
  /** The results answer as quoted in the draft's comments, e.g. "422 calculation_unavailable". */
  resultsAnswer?: string;
  pictures?: number;
}

export interface SeenCustomer {
  /** GET /reports as this customer, e.g. "200" or "401 authentication". */
  list: string;
  listed: boolean;
  /** Some answer was still 429 after waiting: another client spends this customer's budget, so entries may be missing. */
  busy: boolean;
  projects: SeenProject[];
  applications?: ListedApplication[];
  /** Why the applications could not be read, e.g. "403 authorization". */
  applicationsRefused?: string;
}

/**
 * - keys: the listed project keys only (foreign, expiredUnlocked);
 * - classify: every project's header and results, pictures until one has some (primary);
 * - results: every project's results (webhook customer), or until one is calculable (pool);
 * - funding: every application, or only the first (foreign).
 */
export interface Wanted {
  projects: 'keys' | 'classify' | 'results' | 'firstCalculable';
  funding: 'none' | 'all' | 'first';
}

const detailSchema = z.looseObject({ projektData: z.looseObject({ projektPostleitzahl: z.union([z.string(), z.number()]).optional() }).optional() });

export async function observe(reader: PacedReader, customer: string, token: string, wanted: Wanted): Promise<SeenCustomer> {
  let busy = false;
  const noting: PacedReader = {
    get: async (...args) => {
      const answer = await reader.get(...args);
      busy ||= answer.status === 429;
      return answer;
    },
    getUrl: (url) => reader.getUrl(url),
  };
  const who: Reader = { reader: noting, customer, token };
  const listAnswer = await read(who, '/reports');
  const seen: SeenCustomer = { list: describeAnswer(listAnswer), listed: listAnswer.status === 200, busy, projects: [] };
  if (!seen.listed) return seen;
  const keys = listedProjectKeys(listAnswer.json);
  const [projects, funding] = await Promise.all([projectsOf(who, keys, wanted.projects), fundingOf(who, wanted.funding)]);
  return { ...seen, busy, projects, ...funding };
}

async function projectsOf(who: Reader, keys: string[], wanted: Wanted['projects']): Promise<SeenProject[]> {
  const projects: SeenProject[] = [];
  let picturesFound = false;
  let calculableFound = false;
  for (const key of keys) {
    const project: SeenProject = { key };
    projects.push(project);
    if (wanted === 'keys' || (wanted === 'firstCalculable' && calculableFound)) continue;
    if (wanted === 'classify') {
      const detail = await read(who, `/reports/${key}`);
      const header = headerOf(detail);
      if (header) {
        project.status = header.status;
        project.link = header.link;
      }
      const plz = detailSchema.safeParse(detail.json).data?.projektData?.projektPostleitzahl;
      if (plz !== undefined && String(plz) !== '') project.postalCode = String(plz);
    }
    const results = await read(who, `/reports/${key}/results`);
    project.results = resultsKind(results);
    project.resultsAnswer = describeAnswer(results);
    calculableFound ||= project.results === 'calculable';
    if (wanted === 'classify' && !picturesFound) {
      project.pictures = pictureCount(await read(who, `/reports/${key}/pictures`));
      picturesFound = (project.pictures ?? 0) > 0;
    }
  }
  return projects;
}

async function fundingOf(who: Reader, wanted: Wanted['funding']): Promise<Pick<SeenCustomer, 'applications' | 'applicationsRefused'>> {
  if (wanted === 'none') return {};
  if (wanted === 'first') {
    const answer = await read(who, '/funding/applications?page=1&limit=1');
    const list = z.looseObject({ applications: z.array(z.looseObject({ applicationId: z.string() })) }).safeParse(answer.json);
    return answer.status === 200 && list.success ? { applications: list.data.applications } : { applicationsRefused: describeAnswer(answer) };
  }
  const all = await allApplications(who, '/funding/applications');
  return 'refused' in all ? { applicationsRefused: describeAnswer(all.refused) } : { applications: all.applications };
}
