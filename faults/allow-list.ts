/**
 * Testable rules that no fault of the reference server can break, each with the reason. Kept
 * short: a rule belongs here only when breaking it would need a different kind of target, not
 * merely a fault nobody wrote yet.
 */
export const faultAllowList: Readonly<Record<string, string>> = {
  'AUTH-6':
    'the check judges the tokens the target issued, which reach the kit through the profile; the reference server issues them in its seed (the pro area), before any injected part of createApp could change their form',
};
