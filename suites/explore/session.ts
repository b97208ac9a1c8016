/**
 * One attempt of a sequence against the target: the actors it speaks through, every request it
 * sent with the model's prediction and the answer (the journal), and the comparison of each
 * answer with its prediction, counted per rule (comparisons.ts). A difference ends the attempt
 * with an `ExploreMismatch`, which fast-check takes as the failure to shrink.
 */
import { errorEnvelopeSchema, type ErrorType } from '../../spec/contract/error-envelope.js';
import type { Actor, ApiResponse, SendOptions } from '../harness/client.js';
import type { Comparisons } from './comparisons.js';
import type { Exchange } from '../harness/exchange.js';
import { TargetAssertionError } from '../harness/target-assertion.js';

/** Who sends: the owner's first token, its second token, or a customer that owns none of it. */
export type Who = 'owner' | 'owner2' | 'stranger';

/** One difference between a prediction and an answer, with the rules that require the prediction. */
export interface Finding {
  rules: string[];
  what: string;
  expected: string;
  actual: string;
}

export interface Prediction {
  status: number;
  /** The rules that require this status. */
  statusRules: string[];
  error?: { type: ErrorType; rules: string[]; details?: (details: Record<string, unknown>, c: Comparisons) => Finding[] };
  /** Compares a successful answer's body (and learns what the model leaves open), each comparison through `c`. */
  judge?: (body: unknown, c: Comparisons) => Finding[];
  /**
   * Other answers that conform as well, where the spec orders two checks nowhere (the data of a
   * calculation before or after its license and radius): an answer with one of their statuses is
   * judged by that prediction instead.
   */
  or?: readonly Omit<Prediction, 'or' | 'summary'>[];
  /** The prediction in words. */
  summary: string;
}

export interface JournalEntry {
  /** The command of the sequence this request belongs to (1-based). */
  command: number;
  commandText: string;
  who: Who;
  exchange: Exchange;
  expected: string;
  actual: string;
  findings: Finding[];
}

/** The target's answer broke a rule the model predicts: a failure of the check, and what fast-check shrinks. */
export class ExploreMismatch extends TargetAssertionError {
  constructor(readonly entry: JournalEntry) {
    super(entry.findings.map((f) => `[${f.rules.join(' ')}] ${f.what}: expected ${f.expected}, got ${f.actual}`).join('; '));
  }
}

export class Session {
  readonly journal: JournalEntry[] = [];
  private commandNumber = 0;
  private commandText = '';

  constructor(
    private readonly actors: Partial<Record<Who, Actor>>,
    /** Passwords sent so far: none may appear in any answer (PROJ-115). */
    private readonly secrets: () => readonly string[],
    /** Counts every comparison of an answer, per rule: the lane's, over all its attempts. */
    private readonly comparisons: Comparisons,
  ) {}

  has(who: Who): boolean {
    return this.actors[who] !== undefined;
  }

  /** The actor's label as the harness names it (`pool:3`, `pool:3 token 2`), for the replay script. */
  label(who: Who): string {
    return this.actors[who]?.label ?? who;
  }

  beginCommand(text: string): void {
    this.commandNumber += 1;
    this.commandText = text;
  }

  get commandsRun(): number {
    return this.commandNumber;
  }

  /** `options`: why the request may be sent again past a gateway's answer (SendOptions.repeatable). */
  async send(who: Who, method: string, path: string, body: unknown, prediction: Prediction, options: Pick<SendOptions, 'repeatable'> = {}): Promise<void> {
    const actor = this.actors[who];
    if (!actor) throw new Error(`no actor for ${who}: the command should not have been chosen`);
    const res = await actor.send(method, path, { ...options, ...(body === undefined ? {} : { body }) });
    const findings = compareAnswer(who, res, prediction, this.secrets(), this.comparisons);
    const entry: JournalEntry = {
      command: this.commandNumber,
      commandText: this.commandText,
      who,
      exchange: res.exchange,
      expected: prediction.summary,
      actual: findings.length === 0 ? `HTTP ${res.status} as predicted` : `HTTP ${res.status}: ${findings.map((f) => `${f.what} ${f.actual} (expected ${f.expected})`).join('; ')}`,
      findings,
    };
    this.journal.push(entry);
    if (findings.length > 0) throw new ExploreMismatch(entry);
  }
}

/**
 * Compares one answer with its prediction, every comparison counted in `c`: no password sent
 * appears (PROJ-115), the status, a JSON body (META-12), then the error envelope and type or the
 * body. Through the owner's second token every comparison also judges AUTH-10: that token must
 * see exactly what the first one sees.
 */
export function compareAnswer(who: Who, res: Pick<ApiResponse, 'status' | 'text'>, predicted: Prediction, secrets: readonly string[], c: Comparisons): Finding[] {
  if (who === 'owner2') return c.alsoJudging(['AUTH-10'], () => compareAnswer('owner', res, predicted, secrets, c));
  const findings: Finding[] = [];
  for (const secret of secrets) {
    findings.push(...c.compare(['PROJ-115'], !res.text.includes(secret), () => ({ what: 'a password sent earlier', expected: 'never in an answer', actual: 'appears in the body' })));
  }
  const prediction = predicted.or?.find((other) => other.status === res.status) ?? predicted;
  const status = c.compare(prediction.statusRules, res.status === prediction.status, () => ({
    what: 'HTTP status',
    expected: [prediction.status, ...(predicted.or ?? []).map((other) => other.status)].join(' or '),
    actual: `${res.status} ${res.text.slice(0, 160)}`,
  }));
  if (status.length > 0) return [...findings, ...status];
  let json: unknown;
  let parsed = true;
  try {
    json = JSON.parse(res.text);
  } catch {
    parsed = false;
  }
  const body = c.compare(['META-12'], parsed, () => ({ what: 'body', expected: 'JSON', actual: res.text.slice(0, 160) }));
  if (!parsed) return [...findings, ...body];
  if (prediction.error) findings.push(...compareError(json, prediction.error, c));
  else if (prediction.judge) findings.push(...prediction.judge(json, c));
  return findings;
}

/** The envelope and `details.type`; `details.field` is not judged ("`field` is not always present", and what it names is open). */
function compareError(json: unknown, error: NonNullable<Prediction['error']>, c: Comparisons): Finding[] {
  const parsed = errorEnvelopeSchema.safeParse(json);
  const envelope = c.compare(['ERR-1'], parsed.success, () => ({ what: 'error body', expected: 'the envelope {status, error, details}', actual: JSON.stringify(json).slice(0, 160) }));
  if (!parsed.success) return envelope;
  const { details } = parsed.data;
  const findings = c.compare(error.rules, details.type === error.type, () => ({ what: 'details.type', expected: error.type, actual: String(details.type) }));
  if (error.details) findings.push(...error.details(details as Record<string, unknown>, c));
  return findings;
}
