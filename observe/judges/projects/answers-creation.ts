/**
 * The creation answers of POST /reports and POST /reports/with-data: "HTTP 201, creation response",
 * which "is `{status: 200 (historic JSON value, HTTP status is 201), action: createReport,
 * projektHeader, projektData}`" (further members allowed, FREE-PROJ-1). A success answer that
 * carries any of these members is a creation: the spec has no other (no idempotency key).
 */
import { z } from 'zod';
import { createdProjectKeySchema } from '../../../spec/contract/common.js';
import { creationResponseSchema } from '../../../spec/contract/projects.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { shown } from './field-table.js';
import { CREATION_ROWS, WITH_DATA_ROW } from './project-rows.js';
import { isCreation } from './sequence-own-projects.js';
import { answerBodyWhole, succeeded } from './write-outcome.js';

const present = z.unknown().refine((value) => value !== undefined, 'required');
/** PROJ-73's members; their values are the other rules'. */
const membersSchema = z.looseObject({ status: present, action: present, projektHeader: present, projektData: present });
/**
 * PROJ-84: HTTP 201 with a creation response, a project header among its members. What the members
 * hold is the other rules' (PROJ-73, 74, 75, 70, 1, 88), as the kit charges it (support.ts createdProject).
 */
const withDataSchema = creationResponseSchema.pick({ projektHeader: true }).extend({ projektHeader: z.looseObject({}) });

const CREATION_MEMBERS = ['status', 'action', 'projektHeader', 'projektData'];

export function creationAnswerJudge(): Judge {
  return {
    rules: ['PROJ-1', 'PROJ-72', 'PROJ-73', 'PROJ-74', 'PROJ-75', 'PROJ-84'],
    // The creations' success answers.
    reads: { endpoints: CREATION_ROWS },
    see(x, ledger) {
      if (!isCreation(x) || !succeeded(x) || !answerBodyWhole(x)) return;
      const body = x.responseJson;
      // A success that shows nothing of a creation response may not have created anything (a stub
      // or a layer in front answered): which rule it breaks is not visible.
      if (body === null || typeof body !== 'object' || !CREATION_MEMBERS.some((m) => Object.hasOwn(body, m))) return;
      const withData = x.endpoint?.id === WITH_DATA_ROW;
      const label = withData ? 'POST /reports/with-data' : 'POST /reports';
      // "HTTP 201, creation response"
      if (!withData) ledger.judge('PROJ-72', x, x.status === 201, () => `POST /reports created a project with HTTP ${x.status}, not 201`);
      if (withData) {
        const parsed = withDataSchema.safeParse(body);
        ledger.judge('PROJ-84', x, x.status === 201 && parsed.success, () => (x.status !== 201 ? `POST /reports/with-data created a project with HTTP ${x.status}, not 201` : `the creation answer is no creation response: ${issues(parsed.error)}`));
      }
      members(x, ledger, label, body);
    },
  };
}

function members(x: ExchangeView, ledger: Ledger, label: string, body: unknown): void {
  const parsed = membersSchema.safeParse(body);
  ledger.judge('PROJ-73', x, parsed.success, () => `the ${label} answer lacks ${issues(parsed.error)}`);
  if (!parsed.success) return;
  const { status, action, projektHeader } = parsed.data;
  ledger.judge('PROJ-74', x, status === 200, () => `the ${label} answer carries the JSON status ${shown(status)}, not the historic 200`);
  ledger.judge('PROJ-75', x, action === 'createReport', () => `the ${label} answer carries action ${shown(action)}, not "createReport"`);
  const key = (projektHeader as { key?: unknown } | null)?.key;
  // "Newly created keys are nine lowercase letters"; a missing or non-string key is PROJ-70's.
  if (typeof key === 'string') ledger.judge('PROJ-1', x, createdProjectKeySchema.safeParse(key).success, () => `the ${label} answer names the new key ${shown(key)}, not nine lowercase letters`);
}

export function issues(error: z.ZodError | undefined): string {
  return (error?.issues ?? []).slice(0, 3).map((i) => `${i.path.join('.') || 'the body'}: ${i.message}`).join('; ');
}
