import { UsageError } from '../../cli/command-line/usage.js';

/**
 * The operation mix: the spec's endpoints a customer's own software calls in daily use. The
 * project endpoints need a project key of the customer: reads go to its read project (on the
 * bundled server a calculable one, so results really compute), writes to its write project (room
 * creation makes a project incomplete, which must not turn the reads' results into 422s).
 */
export const OPERATIONS = ['list', 'detail', 'rooms', 'patch', 'createRoom', 'results', 'funding'] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * Every operation plus the flooding customers' requests and the invalid-token lane's
 * (invalid-token-lane.ts), which are reported apart.
 */
export type Endpoint = Operation | 'flood' | 'invalidToken';
export const ENDPOINTS: readonly Endpoint[] = [...OPERATIONS, 'flood', 'invalidToken'];

export interface OperationSpec {
  label: string;
  method: 'GET' | 'PATCH' | 'POST';
  /** Which project of the customer the path names; undefined for customer-wide endpoints. */
  project: 'read' | 'write' | undefined;
  /** Answers that are a correct outcome of this call (429 is judged apart). */
  expected: readonly number[];
  path(keys: { read: string; write: string }): string;
  body?(n: number): string;
}

export const OPERATION_SPECS: Readonly<Record<Endpoint, OperationSpec>> = {
  list: { label: 'GET /reports', method: 'GET', project: undefined, expected: [200], path: () => '/reports' },
  detail: { label: 'GET /reports/{key}', method: 'GET', project: 'read', expected: [200], path: (k) => `/reports/${k.read}` },
  rooms: { label: 'GET /reports/{key}/rooms', method: 'GET', project: 'read', expected: [200], path: (k) => `/reports/${k.read}/rooms` },
  patch: {
    label: 'PATCH /reports/{key}',
    method: 'PATCH',
    project: 'write',
    expected: [200],
    path: (k) => `/reports/${k.write}`,
    body: (n) => JSON.stringify({ projectData: { projektBewohner: 1 + (n % 8) } }),
  },
  createRoom: {
    label: 'POST /reports/{key}/rooms',
    method: 'POST',
    project: 'write',
    expected: [201],
    path: (k) => `/reports/${k.write}/rooms`,
    body: (n) => JSON.stringify({ roomData: { raumBezeichnung: `Lastraum ${n}`, raumFlaeche: 12 + (n % 20), raumEtage: n % 8 } }),
  },
  // A project without complete building data answers 422 calculation_unavailable: a correct answer.
  results: { label: 'GET /reports/{key}/results', method: 'GET', project: 'read', expected: [200, 422], path: (k) => `/reports/${k.read}/results` },
  funding: { label: 'GET /funding/applications', method: 'GET', project: undefined, expected: [200], path: () => '/funding/applications?limit=20' },
  flood: { label: 'GET /reports (flooding customers)', method: 'GET', project: undefined, expected: [200], path: () => '/reports' },
  // A 429 of the limit per address is judged apart, as the customers' are.
  invalidToken: { label: 'GET /reports (invalid token)', method: 'GET', project: undefined, expected: [401], path: () => '/reports' },
};

export type Weights = Record<Operation, number>;

/** A day's traffic of an integration: mostly reads, some writes, an occasional calculation. */
export const DEFAULT_WEIGHTS: Weights = { list: 20, detail: 25, rooms: 15, patch: 10, createRoom: 5, results: 10, funding: 15 };

/** `list=30,results=0`: the named operations get these weights, the others keep theirs. */
export function parseWeights(value: string, base: Weights = DEFAULT_WEIGHTS): Weights {
  const weights = { ...base };
  for (const part of value.split(',').filter((p) => p.trim() !== '')) {
    const m = /^\s*([A-Za-z]+)\s*=\s*(\d+(?:\.\d+)?)\s*$/.exec(part);
    const op = m?.[1] as Operation | undefined;
    if (!m || !op || !OPERATIONS.includes(op)) {
      throw new UsageError(`--mix '${part}' is invalid. Fix: OPERATION=WEIGHT with OPERATION one of ${OPERATIONS.join(', ')}, e.g. --mix results=20,createRoom=0`);
    }
    weights[op] = Number(m[2]);
  }
  if (OPERATIONS.every((op) => weights[op] === 0)) throw new UsageError('--mix leaves every operation at weight 0. Fix: give at least one a positive weight');
  return weights;
}

/** Without writes (`--read-only`) the writing operations drop out of the mix. */
export function readOnlyWeights(weights: Weights): Weights {
  return { ...weights, patch: 0, createRoom: 0 };
}

/**
 * Draws operations by weight. A customer without a project key draws only from the
 * customer-wide endpoints, with their weights kept in proportion.
 */
export function operationPicker(weights: Weights, randomOf: (id: number) => () => number): (id: number, hasProject: boolean) => Operation | undefined {
  const table = (ops: readonly Operation[]) => {
    const entries = ops.filter((op) => weights[op] > 0);
    const total = entries.reduce((sum, op) => sum + weights[op], 0);
    return { entries, total };
  };
  const all = table(OPERATIONS);
  const wide = table(OPERATIONS.filter((op) => OPERATION_SPECS[op].project === undefined));
  return (id, hasProject) => {
    const { entries, total } = hasProject ? all : wide;
    if (total === 0) return undefined;
    let x = randomOf(id)() * total;
    for (const op of entries) {
      x -= weights[op];
      if (x < 0) return op;
    }
    return entries.at(-1);
  };
}
