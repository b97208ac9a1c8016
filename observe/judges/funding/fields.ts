import type { z } from 'zod';
import { FUNDING_TIME_FIELDS, fundingAdvisorSchema, fundingApplicationSchema, PROJECT_BOUND_APPLICATION_TYPE } from '../../../spec/contract/funding.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { answeredApplications, FUNDING_READ_ROWS, fundingReadOf, shown } from './reads.js';
import { rememberedCheck } from '../../judge/remembered-checks.js';
import { isPlainObject, type JsonObject } from '../../json-value.js';

const CORE_FIELDS = Object.keys(fundingApplicationSchema.shape);
const ADVISOR_FIELDS = Object.keys(fundingAdvisorSchema.shape);
const CORE = new Set(CORE_FIELDS);
const ADVISOR = new Set(ADVISOR_FIELDS);

type TopField = keyof typeof fundingApplicationSchema.shape;
type AdvisorField = keyof typeof fundingAdvisorSchema.shape;

/**
 * The type rules of the field table, each judged on the values other than null: "Missing values are
 * null", so a null shows no type, and an omitted field is FUND-4's.
 */
const TOP_TYPES = typeChecks<TopField>([
  ['FUND-10', 'projectId', 'a number or null'],
  ['FUND-14', 'bzaId', 'a string or null ("string with leading zeros kept")'],
  ['FUND-15', 'bndId', 'a string or null ("string with leading zeros kept")'],
  ['FUND-16', 'statusLabel', 'a string (German display label)'],
  ['FUND-17', 'statusStep', 'a number'],
  ['FUND-18', 'nextAction', 'a string (German hint)'],
  // "ISO 8601 UTC (+00:00) time ...; same format and null rule"
  ...FUNDING_TIME_FIELDS.map((field) => ['FUND-23', field, 'ISO 8601 UTC with offset +00:00'] as const),
], (field) => fundingApplicationSchema.shape[field]);
const ADVISOR_TYPES = typeChecks<AdvisorField>([
  ['FUND-19', 'id', 'a string or null'],
  ['FUND-20', 'name', 'a string or null'],
  ['FUND-21', 'title', 'a string or null'],
], (field) => fundingAdvisorSchema.shape[field]);
const applicationIdChecked = rememberedCheck(fundingApplicationSchema.shape.applicationId);

/** A type rule of a field, its schema's verdicts remembered. */
interface TypeCheck<F> {
  rule: string;
  field: F;
  what: string;
  holds: (value: unknown) => boolean;
}

function typeChecks<F extends string>(rows: readonly (readonly [rule: string, field: F, what: string])[], schemaOf: (field: F) => z.ZodType): readonly TypeCheck<F>[] {
  return rows.map(([rule, field, what]) => ({ rule, field, what, holds: rememberedCheck(schemaOf(field)) }));
}

/**
 * The application object ("Funding application (read only)") in every answer that carries one:
 * only the core fields (FUND-3), none omitted (FUND-4), the id (FUND-5), the kind against the
 * project reference (FUND-8, FUND-12), the types of the table (FUND-10, FUND-14 to FUND-23).
 */
export function applicationFieldJudge(): Judge {
  return {
    rules: ['FUND-3', 'FUND-4', 'FUND-5', 'FUND-8', 'FUND-10', 'FUND-12', 'FUND-14', 'FUND-15', 'FUND-16', 'FUND-17', 'FUND-18', 'FUND-19', 'FUND-20', 'FUND-21', 'FUND-22', 'FUND-23'],
    // Applications come only in the 200 answers of the funding reads.
    reads: { endpoints: FUNDING_READ_ROWS },
    see(x, ledger) {
      const applications = answeredApplications(x);
      if (applications === undefined) return;
      for (const a of applications) {
        if (!isPlainObject(a)) {
          ledger.broke('FUND-4', x, `GET ${x.apiPath} answered an application that is not an object (${shown(a)}): none of the core fields is there`);
          continue;
        }
        application(x, ledger, a);
      }
      if (fundingReadOf(x) !== 'single') uniqueIds(x, ledger, applications);
    },
  };
}

function application(x: ExchangeView, ledger: Ledger, a: JsonObject): void {
  // The label shows only in messages of kept failures: a list names many applications, most of them never failing.
  const at = () => `application ${shown(a.applicationId)}`;
  const advisor = isPlainObject(a.advisor) ? a.advisor : undefined;
  // "Only these core fields are output. No proofs, customer data or document downloads."
  const beyond = [...Object.keys(a).filter((k) => !CORE.has(k)), ...(advisor ? Object.keys(advisor).filter((k) => !ADVISOR.has(k)).map((k) => `advisor.${k}`) : [])];
  ledger.judge('FUND-3', x, beyond.length === 0, () => `${at()} carries fields beyond the core fields: ${beyond.slice(0, 5).join(', ')}`);
  // "Missing values are null."
  const omitted = [...CORE_FIELDS.filter((k) => !(k in a)), ...(advisor ? ADVISOR_FIELDS.filter((k) => !(k in advisor)).map((k) => `advisor.${k}`) : [])];
  ledger.judge('FUND-4', x, omitted.length === 0, () => `${at()} omits core fields instead of null: ${omitted.slice(0, 5).join(', ')}`);

  // "`applicationId` | string, unique id"
  if ('applicationId' in a) ledger.judge('FUND-5', x, applicationIdChecked(a.applicationId), () => `${at()}: applicationId is not a non-empty string`);

  kindAndProject(x, ledger, a, at);
  typesOf(x, ledger, TOP_TYPES, a, at, '');
  if ('advisor' in a) advisorOf(x, ledger, a.advisor, at);
}

/** Each present value other than null against its schema. */
function typesOf(x: ExchangeView, ledger: Ledger, checks: readonly TypeCheck<string>[], holder: JsonObject, at: () => string, prefix: string): void {
  for (const { rule, field, what, holds } of checks) {
    if (!(field in holder) || holder[field] === null) continue;
    ledger.judge(rule, x, holds(holder[field]), () => `${at()}: ${prefix}${field} ${shown(holder[field])} is not ${what}`);
  }
}

function kindAndProject(x: ExchangeView, ledger: Ledger, a: JsonObject, at: () => string): void {
  const { applicationType: type, projectKey, projectId } = a;
  // "example value for project-bound: `project_bound`": an application with a project is project-bound.
  if (typeof projectKey === 'string' && 'applicationType' in a) ledger.judge('FUND-8', x, type === PROJECT_BOUND_APPLICATION_TYPE, () => `${at()} has projectKey ${shown(projectKey)} but applicationType ${shown(type)}`);
  // "`projectKey` ... null for standalone applications"; `projectId` "null when none available".
  if ('applicationType' in a && type !== PROJECT_BOUND_APPLICATION_TYPE && 'projectKey' in a && 'projectId' in a) {
    ledger.judge('FUND-12', x, projectKey === null && projectId === null, () => `${at()} is standalone (applicationType ${shown(type)}) but names projectKey ${shown(projectKey)}, projectId ${shown(projectId)}`);
  }
  // Both name "the assigned own project": both there or both null.
  if ('projectKey' in a && 'projectId' in a && (projectKey !== null || projectId !== null)) {
    ledger.judge('FUND-10', x, projectKey !== null && projectId !== null, () => `${at()}: projectKey ${shown(projectKey)} and projectId ${shown(projectId)} must both name the assigned project or both be null`);
  }
}

function advisorOf(x: ExchangeView, ledger: Ledger, advisor: unknown, at: () => string): void {
  // "`advisor.assigned` | boolean, whether an advisor assignment exists": the object is there also without one.
  if (!isPlainObject(advisor)) {
    ledger.broke('FUND-22', x, `${at()}: advisor is ${shown(advisor)}, not an object with \`assigned\``);
    return;
  }
  typesOf(x, ledger, ADVISOR_TYPES, advisor, at, 'advisor.');
  if (!('assigned' in advisor)) return;
  const assigned = advisor.assigned;
  ledger.judge('FUND-22', x, typeof assigned === 'boolean', () => `${at()}: advisor.assigned ${shown(assigned)} is not a boolean`);
  // "`advisor.id` | string id of the assigned energy advisor, else null": an id means an assignment.
  if (typeof assigned === 'boolean' && typeof advisor.id === 'string') ledger.judge('FUND-22', x, assigned, () => `${at()}: advisor.id ${shown(advisor.id)} is set, but advisor.assigned is false`);
}

/** "`applicationId` | string, unique id": no id twice in one answer (pages of two answers may shift, FUND-45). */
function uniqueIds(x: ExchangeView, ledger: Ledger, applications: readonly unknown[]): void {
  const ids = applications.map((a) => (isPlainObject(a) ? a.applicationId : undefined)).filter((id): id is string => typeof id === 'string');
  if (ids.length < 2) return;
  const twice = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  ledger.judge('FUND-5', x, twice.length === 0, () => `GET ${x.apiPath} lists application ids more than once: ${twice.slice(0, 3).map(shown).join(', ')}`);
}
