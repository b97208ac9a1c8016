import { z } from 'zod';
import { JUDGED_LABEL, NOT_EXERCISED_PARAMETER as NOT_EXERCISED, type CheckState } from '../../harness-core/check-result.js';
import type { ReportFolder } from '../report-folder/confined-read.js';
import { readFolderJson } from '../report-folder/folder-json.js';
import { sha256Hex } from './dsse.js';

/** The reports a statement vouches for, relative to the report dir; the Allure results are added file by file. */
export const VOUCHED_REPORTS = ['summary.json', 'checks.json', 'junit.xml'] as const;
export const RESULTS_DIR = 'allure-results';

export const fileDigest = (folder: ReportFolder, path: string): string => sha256Hex(folder.read(path));

/** Every file of the Allure results (results, attachments, containers), relative to the report dir. */
export const allureFiles = (folder: ReportFolder): string[] => folder.list(RESULTS_DIR).map((name) => `${RESULTS_DIR}/${name}`);

export const isResultFile = (path: string): boolean => path.endsWith('-result.json');

const allureResultSchema = z.object({
  name: z.string(),
  fullName: z.string().optional(),
  status: z.enum(['passed', 'failed', 'broken', 'skipped', 'unknown']).optional(),
  labels: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
  parameters: z.array(z.object({ name: z.string(), value: z.string() })).default([]),
});

/** What a verdict reads of an Allure result: the check, its file, status and rule labels. */
export interface ResultFacts {
  title: string;
  /** The suite file, or "preflight", as checks.json names it. */
  file: string;
  status: CheckState | 'unknown';
  rules: string[];
  /** The rules a passed check judged (its `judged` labels); undefined when it has none, as a result the kit did not write by a check. */
  judged?: string[];
  /** The rules the check did not exercise, with the reasons (its `not exercised RULE` parameters). */
  notExercised: Record<string, string>;
}

/**
 * allure-vitest names the file from the folder the run was started in: `suites/meta/x.conformance.ts`
 * in a checkout, `node_modules/cpf-conformance/suites/...` where the kit is an installed package,
 * `../opt/...` in the kit image. checks.json names it from the kit's root, as here.
 */
function kitRelative(file: string): string {
  return SUITE_PATH.exec(file)?.[0] ?? file;
}
const SUITE_PATH = /(?:^|(?<=\/))suites\/[^/]+\/[^/]+$/;

export function readResult(folder: ReportFolder, path: string): ResultFacts {
  const parsed = readFolderJson(folder, path, allureResultSchema, 'an Allure result of the kit');
  // fullName is "<project>:<file>#<describe names and title>" (allure-vitest, and the preflight's own
  // results); allure-vitest leaves the project out where the folder the run started in has no package.json.
  const file = kitRelative(/^(?:[^:#/]*:)?([^#]*)#/.exec(parsed.fullName ?? '')?.[1] ?? '');
  const judged = parsed.labels.filter((l) => l.name === JUDGED_LABEL).map((l) => l.value);
  return {
    title: parsed.name,
    file,
    status: parsed.status ?? 'unknown',
    rules: parsed.labels.filter((l) => l.name === 'rule').map((l) => l.value),
    ...(judged.length > 0 ? { judged } : {}),
    notExercised: Object.fromEntries(parsed.parameters.flatMap((p) => (p.name.startsWith(NOT_EXERCISED) ? [[p.name.slice(NOT_EXERCISED.length), p.value]] : []))),
  };
}

/** A title as Allure stores it: runs of white space collapse to one space. */
export const allureTitle = (title: string): string => title.replace(/\s+/g, ' ');

/** Key of a check in checks.json and in the Allure results alike. */
export const checkKey = (file: string, title: string): string => `${file}#${allureTitle(title)}`;
