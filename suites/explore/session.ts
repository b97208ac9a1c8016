/**
 * One attempt of a sequence against the target: the actors it speaks through, every request it
 * sent with the model's prediction and the answer (the journal), and the comparison of each
 * answer with its prediction. A difference ends the attempt with an `ExploreMismatch`, which
 * fast-check takes as the failure to shrink.
 */
import { errorEnvelopeSchema, type ErrorType } from '../../spec/contract/error-envelope.js';
import type { Actor, ApiResponse } from '../harness/client.js';
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
  error?: { type: ErrorType; rules: string[]; details?: (details: Record<string, unknown>) => Finding[] };
  /** Compares a successful answer's body (and learns what the model leaves open). */
  judge?: (body: unknown) => Finding[];
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

  async send(who: Who, method: string, path: string, body: unknown, prediction: Prediction): Promise<void> {
    const actor = this.actors[who];
    if (!actor) throw new Error(`no actor for ${who}: the command should not have been chosen`);
    const res = await actor.send(method, path, body === undefined ? {} : { body });
    const findings = this.compare(res, prediction);
    // The owner's second token must see exactly what the first one sees (AUTH-10).
    if (who === 'owner2') for (const f of findings) if (!f.rules.includes('AUTH-10')) f.rules.push('AUTH-10');
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

  private compare(res: ApiResponse, predicted: Prediction): Finding[] {
    const findings: Finding[] = [];
    for (const secret of this.secrets()) {
      if (res.text.includes(secret)) findings.push({ rules: ['PROJ-115'], what: 'a password sent earlier', expected: 'never in an answer', actual: 'appears in the body' });
    }
    const prediction = predicted.or?.find((other) => other.status === res.status) ?? predicted;
    if (res.status !== prediction.status) {
      const expected = [prediction.status, ...(predicted.or ?? []).map((other) => other.status)].join(' or ');
      findings.push({ rules: prediction.statusRules, what: 'HTTP status', expected, actual: `${res.status} ${res.text.slice(0, 160)}` });
      return findings;
    }
    let json: unknown;
    try {
      json = JSON.parse(res.text);
    } catch {
      findings.push({ rules: ['META-12'], what: 'body', expected: 'JSON', actual: res.text.slice(0, 160) });
      return findings;
    }
    if (prediction.error) findings.push(...compareError(json, prediction.error));
    else if (prediction.judge) findings.push(...prediction.judge(json));
    return findings;
  }
}

/** The envelope and `details.type`; `details.field` is not judged ("`field` is not always present", and what it names is open). */
function compareError(json: unknown, error: NonNullable<Prediction['error']>): Finding[] {
  const parsed = errorEnvelopeSchema.safeParse(json);
  if (!parsed.success) return [{ rules: ['ERR-1'], what: 'error body', expected: 'the envelope {status, error, details}', actual: JSON.stringify(json).slice(0, 160) }];
  const { details } = parsed.data;
  const findings: Finding[] = [];
  if (details.type !== error.type) findings.push({ rules: error.rules, what: 'details.type', expected: error.type, actual: String(details.type) });
  if (error.details) findings.push(...error.details(details as Record<string, unknown>));
  return findings;
}
