import type { PassiveExpectation } from '../fault.js';

/**
 * The rules the passive judge charges a third admission within one sliding second to, by the
 * situation it happened in (observe/judges/rate-limit/admissions.ts): admitted far sooner than a
 * second after the first (RATE-3), on different endpoints (RATE-4), under way at once (RATE-7),
 * beside rejections (RATE-9), after a raise was asked for (RATE-15).
 */
const SITUATIONS = ['RATE-3', 'RATE-4', 'RATE-7', 'RATE-9', 'RATE-15'] as const;

const SITUATION_SEEN = 'a third admission is charged to the situation the checks\' traffic met it in, and which one it meets varies from run to run';

/**
 * What a passive judge may charge on the traffic of a fault whose deviation is a third request
 * admitted within one sliding second: RATE-1 (`whyRate1`, how this fault admits it against RATE-1's
 * sentence, where the fault does not name RATE-1 itself); any situation rule, since the same three
 * admissions fit each of them; the fault's own situation rule may be met in another situation and
 * go uncharged.
 */
export function thirdAdmission(named: readonly string[], whyRate1?: string): PassiveExpectation {
  const isSituation = (rule: string) => (SITUATIONS as readonly string[]).includes(rule);
  return {
    ...(whyRate1 !== undefined && { alsoBreaks: { 'RATE-1': whyRate1 } }),
    indistinguishable: Object.fromEntries(SITUATIONS.filter((rule) => !named.includes(rule)).map((rule) => [rule, SITUATION_SEEN])),
    unseen: Object.fromEntries(named.filter(isSituation).map((rule) => [rule, SITUATION_SEEN])),
  };
}
