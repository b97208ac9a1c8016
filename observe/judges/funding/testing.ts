import type { ObservedExchange } from '../../exchange.js';
import type { JudgeFactory } from '../../judge/judge.js';
import { Observer, type Observation } from '../../judge/observer.js';
import { exchangeOf, type ExchangeSpec } from '../testing/exchange-builder.js';

/** Fixtures of the funding judges' unit tests. */

export const TOKEN = 't1-funding';

/** A conforming application of the table, project-bound to `abcdefghi` (projektHeader.id 17). */
export function application(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    applicationId: id,
    applicationType: 'project_bound',
    projectId: 17,
    projectKey: 'abcdefghi',
    bzaId: '000041002',
    bndId: null,
    status: 'bza',
    statusLabel: 'BzA offen',
    statusStep: 3,
    nextAction: 'Bestätigung zum Antrag erstellen',
    advisor: { id: 'EB-00101', name: 'Dr. Erika Beraterin', title: null, assigned: true },
    orderedAt: '2025-01-06T09:30:00+00:00',
    bzaCreatedAt: '2025-01-15T09:30:00+00:00',
    approvalReceivedAt: null,
    approvalDeadlineAt: null,
    bndStartedAt: null,
    bndCreatedAt: null,
    payoutConfirmedAt: null,
    ...overrides,
  };
}

/** A list answer; `total`, `page` and `limit` describe a first page at the default limit unless given. */
export function list(applications: readonly unknown[], paging: { total?: number; page?: number; limit?: number } = {}): Record<string, unknown> {
  return { status: 200, action: 'getFundingApplications', applications, total: paging.total ?? applications.length, page: paging.page ?? 1, limit: paging.limit ?? 50 };
}

export function single(app: unknown): Record<string, unknown> {
  return { status: 200, action: 'getFundingApplication', application: app };
}

export function error(status: number, type: string): Record<string, unknown> {
  return { status, error: 'Fehler', details: { type } };
}

/** A GET of the customer `TOKEN` names. */
export const get = (path: string, status: number, responseBody?: unknown, at?: number): ExchangeSpec => ({ path, status, token: TOKEN, responseBody, ...(at !== undefined && { at }) });

/** The observation of exchanges built from specs, `unrecorded` of them without the answer's body (as a HAR may leave it out). */
export function observedWithout(factories: readonly JudgeFactory[], specs: readonly ExchangeSpec[], unrecorded: ReadonlySet<number>): Observation {
  const observer = new Observer(factories);
  specs.forEach((spec, i) => {
    const exchange: ObservedExchange = exchangeOf(spec, i);
    if (unrecorded.has(i)) delete exchange.response.bodyText;
    observer.see(exchange);
  });
  return observer.verdicts(true);
}
