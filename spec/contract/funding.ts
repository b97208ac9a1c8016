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
 * Closed like the application: "Only these core fields are output", and the table lists
 * `advisor.id`, `advisor.name`, `advisor.title` and `advisor.assigned` among the core fields, so a
 * further member of `advisor` is a field that is not one of them. Always an object (not null):
 * `advisor.assigned` is "boolean, whether an advisor assignment exists", so it is there also when none does.
 */
export const fundingAdvisorSchema = z.strictObject({
  id: z.string().nullable(),
  name: z.string().nullable(),
  title: z.string().nullable(),
  assigned: z.boolean(),
});

/** Any JSON value, but present ("Missing values are null", never omitted). */
const presentValue = z.json();

/**
 * Strict: "Only these core fields are output. No proofs, customer data or document downloads."
 *
 * `statusLabel`, `statusStep` and `nextAction` have no null rule of their own, but the section ends with
 * "Missing values are null.", so null is tolerated for them. `applicationId` and `status` identify and
 * classify the application and are never missing.
 */
export const fundingApplicationSchema = z.strictObject({
  /** "string, unique id": its form (digits, width, letters) is not shown. */
  applicationId: z.string().min(1),
  /**
   * "example value for project-bound: `project_bound`; value for the standalone kind: not shown":
   * neither the standalone value nor its type is shown, so any value (FUND-8 judges the project-bound one).
   */
  applicationType: presentValue,
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
 * Open: "response is `{status: 200, action, applications[], total, page, limit}`" names the members
 * without "only", so further members (a `projectKey` beside a project's list, links) are allowed. The
 * value of `action` is not shown, so any string. The applications are judged on their own
 * (`fundingApplicationSchema`, FUND-3), so the envelope takes any array.
 */
export const fundingListEnvelopeSchema = z.looseObject({
  status: z.literal(200),
  action: z.string(),
  applications: z.array(z.unknown()),
  total: z.number().int().min(0),
  page: z.number().int().min(FUNDING_PAGINATION.firstPage).max(FUNDING_PAGINATION.maxPage),
  limit: z.number().int().min(1).max(FUNDING_PAGINATION.maxLimit),
});

/** The list envelope with every application as the table has it. */
export const fundingListResponseSchema = fundingListEnvelopeSchema.extend({ applications: z.array(fundingApplicationSchema) });
export type FundingListResponse = z.infer<typeof fundingListResponseSchema>;

/**
 * Open: "single response is `{status: 200, action: getFundingApplication, application}`" names the
 * members without "only". The application is judged on its own (FUND-3).
 */
export const fundingSingleEnvelopeSchema = z.looseObject({
  status: z.literal(200),
  action: z.literal('getFundingApplication'),
  application: z.looseObject({}),
});

/** The single response with the application as the table has it. */
export const fundingSingleResponseSchema = fundingSingleEnvelopeSchema.extend({ application: fundingApplicationSchema });
export type FundingSingleResponse = z.infer<typeof fundingSingleResponseSchema>;

/** Query of the list endpoints as the spec allows it: `page` from 1 to 1000000, `limit` 1 to 100. */
export const fundingListQuerySchema = z.strictObject({
  page: z.number().int().min(FUNDING_PAGINATION.firstPage).max(FUNDING_PAGINATION.maxPage).optional(),
  limit: z.number().int().min(1).max(FUNDING_PAGINATION.maxLimit).optional(),
});
export type FundingListQuery = z.infer<typeof fundingListQuerySchema>;

/** An order of application ids: negative when `a` comes before `b` in ascending order. */
export interface ApplicationIdOrder {
  name: string;
  compare(a: string, b: string): number;
  /** Whether the order is defined for these ids at all. */
  applies(ids: readonly string[]): boolean;
}

const DIGITS = /^\d+$/;

/**
 * "Sorted by application id descending" names no comparison, and the id is a "string, unique id" of
 * a form that is not shown: ids that are not fixed-width digits sort differently as text and as
 * numbers ("10" and "9"), and both readings conform. Text order compares UTF-16 code units.
 */
export const APPLICATION_ID_ORDERS: readonly ApplicationIdOrder[] = [
  { name: 'text order', compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0), applies: () => true },
  {
    name: 'numeric order',
    compare: (a, b) => {
      const difference = BigInt(a) - BigInt(b);
      return difference === 0n ? 0 : difference > 0n ? 1 : -1;
    },
    applies: (ids) => ids.every((id) => DIGITS.test(id)),
  },
];

/** The orders (by name) under which `ids` is strictly descending; empty when none is. */
export function descendingOrdersOf(ids: readonly string[]): string[] {
  return APPLICATION_ID_ORDERS.filter((order) => order.applies(ids) && ids.every((id, i) => i === 0 || order.compare(ids[i - 1] as string, id) > 0)).map((order) => order.name);
}

/** The highest id of `ids` in each applicable order: the ids a list may start with. */
export function highestApplicationIds(ids: readonly string[]): Set<string> {
  const highest = new Set<string>();
  for (const order of APPLICATION_ID_ORDERS) {
    if (!order.applies(ids) || ids.length === 0) continue;
    highest.add(ids.reduce((max, id) => (order.compare(id, max) > 0 ? id : max)));
  }
  return highest;
}
