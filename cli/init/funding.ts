import { z } from 'zod';
import { PROFILE_FUNDING_STATUSES, PROFILE_PROJECT_KEY_PATTERN, type Profile } from '../../spec/profile.schema.js';
import type { SeenCustomer } from './observe.js';

/**
 * A customer's funding applications as the profile expects them, copied from its list: the fields
 * the profile has (status, projectKey, the ids and German texts), and projectNoLongerAvailable for a
 * project-bound application without a project. Advisor names are left out: the list shows only one
 * of the two names the profile compares.
 */
type Expected = NonNullable<NonNullable<Profile['resources']>['funding']>['applications'][number];

/** An optional field the profile cannot hold as listed (empty, not a string) is left out, so it is not checked. */
const optionalText = z.string().min(1).nullable().optional().catch(undefined);

const listedSchema = z.looseObject({
  applicationId: z.string().min(1),
  applicationType: z.unknown().optional(),
  status: z.enum(PROFILE_FUNDING_STATUSES),
  projectKey: z.string().regex(PROFILE_PROJECT_KEY_PATTERN).nullable(),
  bzaId: optionalText,
  bndId: optionalText,
  statusLabel: z.string().min(1).optional().catch(undefined),
  nextAction: z.string().min(1).optional().catch(undefined),
});

export interface DraftedFunding {
  applications: Expected[];
  projectWithApplications?: string;
  projectWithoutApplications?: string;
  /** Applications the profile cannot hold as listed, with the reason. */
  left: string[];
}

export function draftFunding(seen: SeenCustomer): DraftedFunding | undefined {
  if (!seen.applications) return undefined;
  const left: string[] = [];
  const applications = seen.applications.flatMap((listed): Expected[] => {
    const parsed = listedSchema.safeParse(listed);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))].join(', ');
      left.push(`${listed.applicationId} (its ${fields} as listed is not what the spec allows)`);
      return [];
    }
    const a = parsed.data;
    const noLongerAvailable = a.applicationType === 'project_bound' && a.projectKey === null;
    return [
      {
        applicationId: a.applicationId,
        status: a.status,
        projectKey: a.projectKey,
        ...(a.bzaId === undefined ? {} : { bzaId: a.bzaId }),
        ...(a.bndId === undefined ? {} : { bndId: a.bndId }),
        ...(a.statusLabel === undefined ? {} : { statusLabel: a.statusLabel }),
        ...(a.nextAction === undefined ? {} : { nextAction: a.nextAction }),
        ...(noLongerAvailable ? { projectNoLongerAvailable: true } : {}),
      },
    ];
  });
  const referenced = new Set(applications.map((a) => a.projectKey));
  const listedKeys = seen.projects.map((p) => p.key);
  const withApplications = listedKeys.find((key) => referenced.has(key));
  const withoutApplications = listedKeys.find((key) => !referenced.has(key));
  return {
    applications,
    ...(withApplications === undefined ? {} : { projectWithApplications: withApplications }),
    ...(withoutApplications === undefined ? {} : { projectWithoutApplications: withoutApplications }),
    left,
  };
}
