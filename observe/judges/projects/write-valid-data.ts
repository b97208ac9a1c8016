/**
 * Valid project data taken or refused. A valid body taken holds every rule it meets. A valid body
 * answered 422 breaks one of them at least: the envelope's (PROJ-5, PROJ-6), that one field
 * suffices (PROJ-15), or, when it is the one field sent, its row's that takes the value (PROJ-26,
 * PROJ-59, ...). Which one the answer does not say; the observation may: a rule is cleared of the
 * refusal when the same endpoint took a valid write of its kind (the same envelope; one field; the
 * same value of the field), and the rules left are charged. That is known only at the end, so the
 * refusals wait for it, a bounded number of them; the kinds taken are remembered up to a bound (one
 * forgotten charges a rule whose condition the refused body does meet).
 */
import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Ledger } from '../../judge/ledger.js';
import type { WriteReading } from './field-table.js';
import { requestLabel, succeeded } from './write-outcome.js';

/** Refusals kept per rule until the end; further ones are not judged. */
const MAX_WAITING = 20;
/** Kinds of valid writes remembered as taken. */
const MAX_TAKEN = 10_000;

interface Candidate {
  rule: string;
  /** The kind of valid write whose success clears the rule of a refusal. */
  kind: string;
  /** What the kind is of, for its name in messages (`nameOf`, made only for a refusal charged): the envelope, one field, or a field's value. */
  of: 'envelope' | 'one field' | 'field';
  /** The envelope or the field. */
  subject: string | undefined;
}

function nameOf(c: Candidate): string {
  return c.of === 'envelope' ? `write in \`${c.subject}\`` : c.of === 'one field' ? 'write of one field' : `write of this \`${c.subject}\``;
}

interface Waiting extends Candidate {
  x: ExchangeView;
  message: string;
}

function candidates(reading: WriteReading, endpoint: string): Candidate[] {
  const all: Candidate[] = [
    // "`projectData` (recommended) or `projektData` (compatible)"
    { rule: reading.envelope === 'projektData' ? 'PROJ-6' : 'PROJ-5', kind: commonKind(endpoint, reading.envelope), of: 'envelope', subject: reading.envelope },
  ];
  // "All fields are optional, but at least one released field must be sent."
  if (reading.accepted.length === 1) all.push({ rule: 'PROJ-15', kind: commonKind(endpoint, 'one field'), of: 'one field', subject: undefined });
  for (const f of reading.accepted) {
    if (f.rules.length === 0) continue;
    const kind = `${endpoint} ${f.field} ${(JSON.stringify(f.value) ?? '').slice(0, 200)}`;
    for (const rule of f.rules) all.push({ rule, kind, of: 'field', subject: f.field });
  }
  return all;
}

/**
 * The kinds every write of an endpoint names alike (its envelope, one field), each made once: one
 * string for all of them, rather than a new one to compare and hash at each write taken. The
 * endpoints and envelopes are the spec's, so it holds a handful.
 */
const COMMON_KINDS = new Map<string, Map<string | undefined, string>>();

function commonKind(endpoint: string, what: string | undefined): string {
  let kinds = COMMON_KINDS.get(endpoint);
  if (kinds === undefined) COMMON_KINDS.set(endpoint, (kinds = new Map()));
  let kind = kinds.get(what);
  if (kind === undefined) kinds.set(what, (kind = `${endpoint} ${what}`));
  return kind;
}

/** A refusal of several fields cannot be pinned on a field's value: only the body's own rules are its candidates. */
function refusalCandidates(reading: WriteReading, endpoint: string): Candidate[] {
  const all = candidates(reading, endpoint);
  return reading.accepted.length === 1 ? all : all.slice(0, 1);
}

export class ValidWrites {
  readonly #taken = new BoundedMap<string, true>(MAX_TAKEN);
  readonly #waiting: Waiting[] = [];
  readonly #waitingPerRule = new Map<string, number>();

  see(x: ExchangeView, ledger: Ledger, reading: WriteReading, endpoint: string): void {
    if (succeeded(x)) {
      const all = candidates(reading, endpoint);
      // A rule the body meets twice (two text fields) holds once.
      const held: string[] = [];
      for (const { rule } of all) {
        if (held.includes(rule)) continue;
        held.push(rule);
        ledger.held(rule, x);
      }
      for (const { kind } of all) this.#taken.set(kind, true);
      return;
    }
    if (x.status !== 422) return;
    const waiting = refusalCandidates(reading, endpoint).filter((c) => this.#mayWait(c.rule));
    if (waiting.length === 0) return;
    const message = `${requestLabel(x)} with valid data in \`${reading.envelope}\` (${reading.accepted.map((f) => f.field).join(', ')}) answered 422`;
    for (const candidate of waiting) this.#wait({ ...candidate, x, message });
  }

  end(ledger: Ledger): void {
    const charged = new Set<string>();
    for (const w of this.#waiting) {
      // One charge per rule and refusal, though a field's value names it twice (a code's range and forms).
      const key = `${w.rule} ${w.x.seq}`;
      if (this.#taken.get(w.kind) || charged.has(key)) continue;
      charged.add(key);
      ledger.broke(w.rule, w.x, `${w.message}, and no valid ${nameOf(w)} was taken there in the observation`);
    }
  }

  #mayWait(rule: string): boolean {
    return (this.#waitingPerRule.get(rule) ?? 0) < MAX_WAITING;
  }

  #wait(waiting: Waiting): void {
    const count = this.#waitingPerRule.get(waiting.rule) ?? 0;
    if (count >= MAX_WAITING) return;
    this.#waitingPerRule.set(waiting.rule, count + 1);
    this.#waiting.push(waiting);
  }
}
