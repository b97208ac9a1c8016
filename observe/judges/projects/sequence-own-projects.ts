/**
 * The projects each customer (token) was shown to own: created by it or read by it. A project list
 * is no evidence: a list that names a foreign project is PROJ-91's fault, not the detail's. The
 * evidence is fresh for a horizon only: the portal may delete or move a project unseen. A write of
 * unknown effect on the project itself (a DELETE, a PUT) ends the evidence, so that what it did is
 * judged by its own rule and not blamed on a later request. Only lowercase spellings count ("Newly created keys are nine lowercase letters"): whether another
 * spelling reaches the project is PROJ-2's question (FREE-PROJ-16).
 */
import { ENDPOINTS, type EndpointId } from '../../../spec/endpoints.js';
import { BoundedMap } from '../../judge/bounded-map.js';
import { fact, type ExchangeView } from '../../judge/exchange-view.js';
import { readsLearning, type Reads } from '../../judge/judge.js';
import { earliestSend, latestAnswer } from '../../judge/recorded-times.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { sharedState } from '../../judge/shared-state.js';
import { projectPathOf } from './project-path.js';
import { CREATION_ROWS, DETAIL_ROW, LIST_ROW } from './project-rows.js';
import { isPlainObject } from '../../json-value.js';

const lessonOfFact = fact(lessonOf);

/**
 * When the target last showed that the project exists for the customer: all a later request is
 * weighed against. The earliest moment it may have been sent and the latest it may have been
 * answered (recorded-times.ts: a start stamped to the second may lie a second off).
 */
interface Evidence {
  sentAt: number;
  answeredAt: number;
}

/** What one exchange shows of ownership, whoever asks. */
interface Lesson {
  /** The project (key in lowercase) a write of unknown effect on the project itself was sent to. */
  disturbs?: string;
  /** The project (key in lowercase, spelt so) the customer was shown to own. */
  owns?: string;
}

const KEY = /^[A-Za-z]{9}$/;
const UNCHANGING_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PATCH']);
const NOTHING: Lesson = Object.freeze({});

/** `projektHeader.key` of a creation or detail answer. */
export function headerKeyOf(body: unknown): string | undefined {
  const key = isPlainObject(body) && isPlainObject(body.projektHeader) ? body.projektHeader.key : undefined;
  return typeof key === 'string' && KEY.test(key) ? key : undefined;
}

export const isCreation = (x: ExchangeView) => x.endpoint !== undefined && CREATION_ROWS.includes(x.endpoint.id);
export const isDetailRead = (x: ExchangeView) => x.endpoint?.id === DETAIL_ROW;
export const isListRead = (x: ExchangeView) => x.endpoint?.id === LIST_ROW;

function lessonOf(x: ExchangeView): Lesson {
  const at = projectPathOf(x);
  const disturbs = at && at.rest === '' && !UNCHANGING_METHODS.has(x.method) ? at.key : undefined;
  let owns: string | undefined;
  if (x.customer !== undefined) {
    if (isCreation(x) && x.status === 201) owns = headerKeyOf(x.responseJson);
    else if (isDetailRead(x) && x.status === 200 && x.params.projectKey !== undefined && headerKeyOf(x.responseJson)?.toLowerCase() === x.params.projectKey.toLowerCase()) owns = x.params.projectKey;
  }
  // Only lowercase spellings count.
  if (owns !== undefined && owns !== owns.toLowerCase()) owns = undefined;
  return disturbs === undefined && owns === undefined ? NOTHING : { disturbs, owns };
}

const newEvidenceMap = () => new BoundedMap<string, Evidence>(1000, SEQUENCE_HORIZON_MS);

/**
 * Kept once per observation for the judges that ask (`ownProjectsState`): each judges an exchange
 * on what came before it and then hands it over (`see`), and the exchange is learnt from once the
 * next one is asked about, when every judge has judged it.
 */
export class OwnProjects {
  /** Per customer, the evidence by project: fresh for a horizon only. */
  readonly #byCustomer = new BoundedMap<string, BoundedMap<string, Evidence>>(1000);
  /** When any token's latest write of unknown effect to the project itself may have been answered, at the latest. */
  readonly #disturbed = new BoundedMap<string, number>(5000, SEQUENCE_HORIZON_MS);
  /** The exchange handed over last, not learnt from yet, and what it teaches. */
  #unlearnt: ExchangeView | undefined;
  #lesson: Lesson = NOTHING;

  /** Hands over `x` once judged (call for every exchange, after asking of it): it is learnt from before the next is asked about. */
  see(x: ExchangeView): void {
    if (x === this.#unlearnt) return;
    this.#learnUnlearnt();
    this.#unlearnt = x;
    // Creations and project routes alone teach anything; the lesson is worked out now, while `x`'s answer is parsed.
    this.#lesson = x.apiPath?.startsWith('/reports') ? x.derived(lessonOfFact) : NOTHING;
  }

  /** Whether `x`'s customer owns the project `x` addresses in lowercase, the evidence fresh for `x`. */
  ownedAsAddressed(x: ExchangeView): boolean {
    const at = projectPathOf(x);
    return x.customer !== undefined && at !== undefined && at.spelt === at.key && this.owned(x.customer, at.key, x);
  }

  /** Whether `customer` owns the project `key` (whatever its spelling here), the evidence fresh for `x`. */
  owned(customer: string, key: string, x: ExchangeView): boolean {
    if (x !== this.#unlearnt) this.#learnUnlearnt();
    const lower = key.toLowerCase();
    const evidence = this.#byCustomer.get(customer)?.get(lower);
    if (!evidence || !followsClosely(evidence, x)) return false;
    const disturbed = this.#disturbed.get(lower);
    return disturbed === undefined || disturbed <= evidence.sentAt;
  }

  #learnUnlearnt(): void {
    const x = this.#unlearnt;
    const lesson = this.#lesson;
    this.#unlearnt = undefined;
    this.#lesson = NOTHING;
    if (x === undefined || lesson === NOTHING) return;
    if (lesson.disturbs !== undefined) this.#disturbed.set(lesson.disturbs, latestAnswer(x), x.answeredAt);
    if (lesson.owns === undefined) return;
    const projects = this.#byCustomer.upsert(x.customer as string, newEvidenceMap);
    // Renewed in place, as no reader keeps it: written at every read of the project, a new one would be promoted to the old heap with every write.
    const held = projects.get(lesson.owns);
    const evidence = held ?? { sentAt: 0, answeredAt: 0 };
    evidence.sentAt = earliestSend(x);
    evidence.answeredAt = latestAnswer(x);
    projects.set(lesson.owns, evidence, x.answeredAt);
  }
}

const TEACHING_ROWS: readonly EndpointId[] = [...CREATION_ROWS, DETAIL_ROW, ...ENDPOINTS.filter((e) => e.path === '/reports/{projectKey}' && !UNCHANGING_METHODS.has(e.method)).map((e) => e.id)];

/**
 * What a judge that shares `OwnProjects` reads besides `endpoints`, so that the state learns from
 * every exchange that teaches: creations and detail reads show ownership, and a write of unknown
 * effect to the project itself mostly has no row (the table offers no DELETE or PUT of a project)
 * and disturbs however it was answered, 429 included.
 */
export function readsWithOwnProjects(endpoints: readonly EndpointId[]): Reads {
  return readsLearning(TEACHING_ROWS, endpoints);
}

/** The observation's one `OwnProjects`, for the judges of own projects' routes and of keys' case. */
export const ownProjectsState = sharedState(() => new OwnProjects());
