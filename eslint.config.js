import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Forbids imports matching `group` (gitignore-style, `!` allows) in `files`. */
function boundary(files, group, message) {
  return [{ files: [files], rules: { 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] } }];
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'reports/**', 'data/**', 'fixtures/*.json'] },
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
  // Import boundaries: spec/ is the spine and imports nothing else; the suites judge a target only
  // over HTTP; the reference server is an independent reading of the spec (it takes the profile
  // schema to write its seed's profile, never the contract schemas or the rule catalogue).
  ...boundary('spec/**/*.ts', ['**/suites/**', '**/scripts/**', '**/reference-server/**', '**/fixtures/**'], 'spec/ is the spine: it imports none of the other folders'),
  ...boundary('suites/**/*.ts', ['**/reference-server/**', '**/scripts/**'], 'the suites judge a target only through HTTP: they import neither the reference server nor scripts'),
  ...boundary(
    'reference-server/src/**/*.ts',
    ['**/suites/**', '**/scripts/**', '**/faults/**', '**/spec/**/*.js', '!**/spec/profile.schema.js'],
    'the reference server is an independent reading of the spec: of spec/ it imports only the profile schema, and nothing of suites/, scripts/ or the fault library',
  ),
  ...boundary('reference-server/faults/**/*.ts', ['**/suites/**', '**/scripts/**', '**/spec/**/*.js', '!**/spec/rules/*.js', '!**/spec/endpoints.js'], 'the fault library breaks the server: it imports the server, rule IDs and the endpoint table, nothing of the suites or scripts'),
  ...boundary(
    'scripts/**/*.ts',
    // File patterns (gitignore-style: a file under an excluded directory cannot be allowed again).
    ['**/suites/**/*.js', '!**/suites/harness/*.js', '!**/suites/webhook/capture-protocol.js', '!**/suites/rate-limit/timeline.js', '!**/suites/rate-limit/probe.js'],
    'scripts use the suites only through the harness and the shared wire and timing modules, never a check file',
  ),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
);
