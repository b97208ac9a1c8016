/**
 * Testable rules that no fault of the reference server can break, each with the reason. Kept
 * short: a rule belongs here only when breaking it would need a different kind of target, not
 * merely a fault nobody wrote yet.
 */
export const faultAllowList: Readonly<Record<string, string>> = {};
