import { z } from 'zod';
import { FUNDING_PAGE } from '../../domain/funding-query.js';
import { action, status200, storedProjectKey } from './common.js';
import { responseSchemas } from './registries.js';

/** The spec's status table; the test keeps it equal to the statuses of the demo seed. */
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

const milestone = (description: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/)
    .nullable()
    .describe(`${description}: ISO 8601 UTC with offset +00:00; null when not stored or only a historic 0/1 flag exists.`);

const advisor = z
  .strictObject({
    id: z.string().nullable().describe('Id of the assigned energy advisor.'),
    name: z.string().nullable().describe('Full name, else the stored advisor name.'),
    title: z.string().nullable().describe('Stored job title.'),
    assigned: z.boolean().describe('Whether an advisor assignment exists.'),
  })
  .register(responseSchemas, { id: 'FundingAdvisor' });

const application = z
  .strictObject({
    applicationId: z.string().describe('Unique id: eight digits with leading zeros; use it exactly for single retrieval.'),
    applicationType: z.string().describe("'project_bound', or 'standalone' for an application without project reference."),
    projectId: z.number().int().nullable().describe('Id of the assigned own project; null when none is available.'),
    projectKey: storedProjectKey.nullable().describe('Key of the assigned own project; null for standalone applications or when the project is gone.'),
    bzaId: z.string().nullable().describe('Confirmation of application, leading zeros kept.'),
    bndId: z.string().nullable().describe('Confirmation after execution, leading zeros kept.'),
    status: z.enum(FUNDING_STATUSES).describe('Machine-readable status; automation uses this, not statusLabel.'),
    statusLabel: z.string().describe('German display label.'),
    statusStep: z.number().int().describe('Step of the processing logic; not a percentage, steps may be skipped.'),
    nextAction: z.string().describe('German hint on the next step.'),
    advisor,
    orderedAt: milestone('Time of ordering'),
    bzaCreatedAt: milestone('Creation of the BzA'),
    approvalReceivedAt: milestone('Receipt of the approval letter'),
    approvalDeadlineAt: milestone('Deadline from the approval letter'),
    bndStartedAt: milestone('Start of BnD processing'),
    bndCreatedAt: milestone('Creation of the BnD'),
    payoutConfirmedAt: milestone('Payout confirmation'),
  })
  .describe('Core fields of a funding application (read only).')
  .register(responseSchemas, { id: 'FundingApplication' });

const listResponse = (name: string, id: string) =>
  z
    .strictObject({
      status: status200,
      action: action(name),
      applications: z.array(application).describe('Sorted by application id descending; empty past the last page.'),
      total: z.number().int().min(0).describe('Number of applications over all pages.'),
      page: z.number().int().min(1).max(FUNDING_PAGE.maxPage),
      limit: z.number().int().min(1).max(FUNDING_PAGE.maxLimit),
    })
    .register(responseSchemas, { id });

export const fundingListResponse = listResponse('getFundingApplications', 'FundingApplicationList');
export const projectFundingListResponse = listResponse('getProjectFundingApplications', 'ProjectFundingApplicationList');

export const fundingSingleResponse = z
  .strictObject({ status: status200, action: action('getFundingApplication'), application })
  .register(responseSchemas, { id: 'FundingApplicationResponse' });
