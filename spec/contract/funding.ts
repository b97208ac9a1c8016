/**
 * Funding applications (read only), written from the spec sections
 * "Resources and their fields > Funding application (read only)", "States and transitions > Funding
 * application `status`" and endpoint rule 10.
 */
import { z } from 'zod';
import { isoUtcPlusZeroSchema, projectKeySchema } from './common.js';

/** "States and transitions > Funding application `status`": the eleven machine-readable values. */
export const FUNDING_STATUSES = [
  'created',
  'advisor',
  'bza',
  'approval',
  'execution',
  'proofs_waiting',
  'proofs_review',
  'proofs_corrections',
  'done',
  'completed',
  'canceled',
] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];
export const fundingStatusSchema = z.enum(FUNDING_STATUSES);

/** "example value for project-bound: `project_bound`; value for the standalone kind: not shown". */
export const PROJECT_BOUND_APPLICATION_TYPE = 'project_bound';

/** Pagination of the list endpoints (endpoint rule 10 and "Limits"). */
export const FUNDING_PAGINATION = { defaultLimit: 50, maxLimit: 100, firstPage: 1, maxPage: 1_000_000 } as const;

/** The seven milestone fields: "ISO 8601 UTC (+00:00) ...; same format and null rule". */
export const FUNDING_TIME_FIELDS = [
  'orderedAt',
  'bzaCreatedAt',
  'approvalReceivedAt',
  'approvalDeadlineAt',
  'bndStartedAt',
  'bndCreatedAt',
  'payoutConfirmedAt',
] as const;

const time = isoUtcPlusZeroSchema.nullable();

/**
 * `advisor`: the spec lists id, name, title and assigned, so the object is strict. It is always an
 * object (not null), because `advisor.assigned` is a boolean that reports whether an assignment exists.
 */
export const fundingAdvisorSchema = z.strictObject({
  id: z.string().nullable(),
  name: z.string().nullable(),
  title: z.string().nullable(),
  assigned: z.boolean(),
});

/**
 * Strict: "Only these core fields are output. No proofs, customer data or document downloads."
 *
 * `statusLabel`, `statusStep` and `nextAction` have no null rule of their own, but the section ends with
 * "Missing values are null.", so null is tolerated for them. `applicationId`, `applicationType` and
 * `status` identify and classify the application and are never missing.
 */
export const fundingApplicationSchema = z.strictObject({
  applicationId: z.string().min(1),
  /** Open string: only the project-bound example value is shown. */
  applicationType: z.string().min(1),
  projectId: z.number().nullable(),
  projectKey: projectKeySchema.nullable(),
  /** "string with leading zeros kept": a JSON number would lose them, so only strings. */
  bzaId: z.string().nullable(),
  bndId: z.string().nullable(),
  status: fundingStatusSchema,
  statusLabel: z.string().nullable(),
  /** "number, step of the existing processing logic; not a percentage" */
  statusStep: z.number().nullable(),
  nextAction: z.string().nullable(),
  advisor: fundingAdvisorSchema,
  orderedAt: time,
  bzaCreatedAt: time,
  approvalReceivedAt: time,
  approvalDeadlineAt: time,
  bndStartedAt: time,
  bndCreatedAt: time,
  payoutConfirmedAt: time,
});
export type FundingApplication = z.infer<typeof fundingApplicationSchema>;

/**
 * Strict: "response is `{status: 200, action, applications[], total, page, limit}`". The value of
 * `action` is not shown, so any string.
 */
export const fundingListResponseSchema = z.strictObject({
  status: z.literal(200),
  action: z.string(),
  applications: z.array(fundingApplicationSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(FUNDING_PAGINATION.firstPage).max(FUNDING_PAGINATION.maxPage),
  limit: z.number().int().min(1).max(FUNDING_PAGINATION.maxLimit),
});
export type FundingListResponse = z.infer<typeof fundingListResponseSchema>;

/** Strict: "single response is `{status: 200, action: getFundingApplication, application}`". */
export const fundingSingleResponseSchema = z.strictObject({
  status: z.literal(200),
  action: z.literal('getFundingApplication'),
  application: fundingApplicationSchema,
});
export type FundingSingleResponse = z.infer<typeof fundingSingleResponseSchema>;

/** Query of the list endpoints as the spec allows it: `page` from 1 to 1000000, `limit` 1 to 100. */
export const fundingListQuerySchema = z.strictObject({
  page: z.number().int().min(FUNDING_PAGINATION.firstPage).max(FUNDING_PAGINATION.maxPage).optional(),
  limit: z.number().int().min(1).max(FUNDING_PAGINATION.maxLimit).optional(),
});
export type FundingListQuery = z.infer<typeof fundingListQuerySchema>;

/** "Sorted by application id descending" (string comparison; the id is a string). */
export function isSortedByApplicationIdDescending(applications: readonly Pick<FundingApplication, 'applicationId'>[]): boolean {
  for (let i = 1; i < applications.length; i += 1) {
    const previous = applications[i - 1];
    const current = applications[i];
    if (previous !== undefined && current !== undefined && compareApplicationIds(previous.applicationId, current.applicationId) < 0) {
      return false;
    }
  }
  return true;
}

/**
 * Order of two application ids. The spec says "sorted by application id descending" without naming the
 * comparison; ids made only of digits are compared numerically (so "10" > "9"), others as strings.
 */
export function compareApplicationIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const big = BigInt(a) - BigInt(b);
    return big === 0n ? 0 : big > 0n ? 1 : -1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}
