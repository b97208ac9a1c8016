import type { CheckResult } from '../../harness-core/check-result.js';
import { getRule } from '../../spec/rules/catalog.js';
import type { Observation, RuleObservation } from '../../observe/judge/observer.js';

/** The suite file an observation's results name (checks.json, Allure, the statement). */
export const OBSERVE_FILE = 'observe';

/**
 * Each rule's observed verdict as a check of its own, so that the summary, Allure, the statement,
 * verify and diff read an observation as they read a run: a pass judged its rule on the exchanges
 * counted, a failure names the first broken exchange, a rule the traffic did not judge or cannot
 * judge is a skip with the reason. The title stays the same from one period to the next (diff
 * pairs checks by title), so it holds what is judged, never counts.
 */
export function observationChecks(observation: Observation): CheckResult[] {
  return Object.entries(observation.rules).map(([id, r]) => {
    const base = { title: `[${id}] observed: ${r.reason}`, file: OBSERVE_FILE, area: getRule(id).area, rules: [id], durationMs: 0 };
    switch (r.verdict) {
      case 'pass':
        return { ...base, state: 'passed', note: judgedText(r), judged: [id], evidence: { [id]: { items: r.judged, text: judgedText(r) } } };
      case 'fail':
        return { ...base, state: 'failed', note: `${r.failed} of ${r.judged} judged exchanges broke it; the first: ${r.failures[0]?.message ?? ''}`, ...(r.failures[0] ? { curl: r.failures[0].exchanges[0]?.curl } : {}) };
      case 'not-observed':
        return { ...base, state: 'skipped', note: r.noJudge ? 'not observed: no judge of this kit version reads it yet' : 'not observed: no exchange of the traffic judges it' };
      case 'not-passive':
        return { ...base, state: 'skipped', note: `not decidable passively: ${r.reason}` };
    }
  });
}

function judgedText(r: RuleObservation): string {
  return `${r.judged} ${r.judged === 1 ? 'exchange' : 'exchanges'} of ${r.customers} ${r.customers === 1 ? 'customer' : 'customers'} judged`;
}

/** Every failure of a rule with its exchanges, for the Allure result's trace. */
export function failureTrace(r: RuleObservation): string | undefined {
  if (r.failures.length === 0) return undefined;
  const shown = r.failures.map((f, i) =>
    [`${i + 1}. ${f.message}`, ...f.exchanges.map((e) => `   ${e.at} ${e.customer ?? 'no token'} ${e.method} ${e.url} -> ${e.status} (${e.source}#${e.index})\n   ${e.curl}${e.requestBody !== undefined ? `\n   request body: ${e.requestBody}` : ''}${e.responseBody !== undefined ? `\n   answer body: ${e.responseBody}` : ''}`)].join('\n'),
  );
  const more = r.failed > r.failures.length ? `\n(and ${r.failed - r.failures.length} more)` : '';
  return `${shown.join('\n')}${more}`;
}
