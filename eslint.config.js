import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Forbids imports matching `group` (gitignore-style, `!` allows) in `files`. */
function boundary(files, group, message) {
  const globs = Array.isArray(files) ? files : [files];
  return [{ files: globs.filter((g) => !g.startsWith('!')), ignores: globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1)), rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] } }];
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'reports/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The /docs page's script runs in the browser, as a classic script.
    files: ['reference-server/src/openapi/docs-viewer/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { document: 'readonly', window: 'readonly', location: 'readonly', fetch: 'readonly', console: 'readonly', URL: 'readonly', JSON: 'readonly' },
    },
  },
  // Import boundaries, one line per folder (README, "Folder map"): spec/ is the spine and imports
  // nothing else; harness-core/ is what the CLI and the suites' workers share at run time and
  // imports only spec/; the suites judge a target only over HTTP; the reference server is an
  // independent reading of the spec (it takes the profile schema to write its seed's profile,
  // never the contract schemas or the rule catalogue); the fault library breaks the server and
  // knows nothing of the kit that must catch it; the shipped CLI takes nothing from the fault
  // library, the load tools or the developer tooling (its unit tests and their test targets may);
  // the passive judge (observe/) judges recorded traffic by the spec alone; nothing imports the
  // suites.
  ...boundary('spec/**/*.ts', ['**/suites/**', '**/cli/**', '**/load/**', '**/tools/**', '**/faults/**', '**/reference-server/**', '**/harness-core/**'], 'spec/ is the spine: it imports none of the other folders'),
  ...boundary(['harness-core/**/*.ts', '!harness-core/**/*.test.ts'], ['**/suites/**', '**/cli/**', '**/load/**', '**/tools/**', '**/faults/**', '**/reference-server/**'], 'harness-core/ is shared by the CLI and the suites: it imports only spec/'),
  ...boundary('suites/**/*.ts', ['**/reference-server/**', '**/faults/**', '**/cli/**', '**/load/**', '**/tools/**'], 'the suites judge a target only through HTTP: they import spec/ and harness-core/ only'),
  ...boundary(
    'reference-server/src/**/*.ts',
    ['**/suites/**', '**/cli/**', '**/load/**', '**/tools/**', '**/faults/**', '**/harness-core/**', '**/spec/**/*.js', '!**/spec/profile.schema.js'],
    'the reference server is an independent reading of the spec: of spec/ it imports only the profile schema, and nothing of the kit or the fault library',
  ),
  ...boundary(
    ['reference-server/seams/**/*.ts', 'reference-server/variations/**/*.ts'],
    ['**/suites/**', '**/cli/**', '**/load/**', '**/tools/**', '**/faults/**', '**/harness-core/**', '**/spec/**/*.js', '!**/spec/freedoms/*.js', '!**/spec/endpoints.js', '!**/spec/profile.schema.js'],
    'the seams reshape the server through createApp; the variations built from them are the server\'s other permitted readings: they import the server, the freedom catalogue, the endpoint table and the profile schema, nothing of the kit or the faults',
  ),
  ...boundary(
    ['faults/*.ts', 'faults/catalog/**/*.ts', 'faults/kit/**/*.ts'],
    ['**/suites/**', '**/cli/**', '**/load/**', '**/tools/**', '**/harness-core/**', '**/spec/**/*.js', '!**/spec/rules/*.js', '!**/spec/endpoints.js'],
    'the fault library breaks the server: it imports the server, rule IDs and the endpoint table, nothing of the kit that must catch it',
  ),
  ...boundary('faults/runner/**/*.ts', ['**/suites/**', '**/load/**', '**/tools/**'], 'the fault runner drives the CLI against faulted servers: it reads suite files by path, never imports them'),
  ...boundary(['cli/**/*.ts', '!cli/**/*.test.ts', '!cli/testing/**'], ['**/suites/**', '**/faults/**', '**/load/**', '**/tools/**'], 'the shipped CLI imports spec/, harness-core/ and the reference server it can start, nothing of the faults, the load tools or the developer tooling'),
  ...boundary(['load/**/*.ts', '!load/**/*.test.ts'], ['**/suites/**', '**/tools/**'], 'the load tools share the CLI\'s target and profile reading, never the suites or the developer tooling'),
  ...boundary('tools/**/*.ts', ['**/suites/**'], 'nothing imports the suites: developer tooling reads them by path'),
  ...boundary('observe/**/*.ts', ['**/suites/**', '**/cli/**', '**/faults/**', '**/load/**', '**/tools/**', '**/reference-server/**'], 'the passive judge reads recorded traffic against the spec: it imports spec/ and harness-core/ only'),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
);
