/**
 * How a conformance file is named: `suites/<area>/<topic>.conformance.ts`. Unit tests end in
 * `.test.ts` everywhere, suites/ included, so the two kinds never share a suffix.
 */
export const CONFORMANCE_SUFFIX = '.conformance.ts';

export function isConformanceFile(name: string): boolean {
  return name.endsWith(CONFORMANCE_SUFFIX);
}

/** Any other TypeScript file that is not a unit test: a module the conformance files import. */
export function isSuiteModule(name: string): boolean {
  return name.endsWith('.ts') && !isConformanceFile(name) && !name.endsWith('.test.ts');
}
