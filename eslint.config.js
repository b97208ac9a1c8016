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
  // Import boundaries: spec/ is the spine and imports nothing else; harness-core/ is what the CLI
  // and the suites' workers share at run time (pacer, run environment, result taxonomy, capture
  // protocol, limiter timeline) and imports only spec/; nothing imports the suites; the suites
  // judge a target only over HTTP; the reference server is an independent reading of the spec (it
  // takes the profile schema to write its seed's profile, never the contract schemas or the rule
  // catalogue).
  ...boundary('spec/**/*.ts', ['**/suites/**', '**/scripts/**', '**/reference-server/**', '**/fixtures/**', '**/harness-core/**'], 'spec/ is the spine: it imports none of the other folders'),
  ...boundary('harness-core/**/*.ts', ['**/suites/**', '**/scripts/**', '**/reference-server/**', '**/fixtures/**'], 'harness-core/ is shared by the CLI and the suites: it imports only spec/'),
  ...boundary('suites/**/*.ts', ['**/reference-server/**', '**/scripts/**'], 'the suites judge a target only through HTTP: they import neither the reference server nor scripts'),
  ...boundary(
    'reference-server/src/**/*.ts',
    ['**/suites/**', '**/scripts/**', '**/faults/**', '**/harness-core/**', '**/spec/**/*.js', '!**/spec/profile.schema.js'],
    'the reference server is an independent reading of the spec: of spec/ it imports only the profile schema, and nothing of suites/, scripts/, harness-core/ or the fault library',
  ),
  ...boundary('reference-server/faults/**/*.ts', ['**/suites/**', '**/scripts/**', '**/harness-core/**', '**/spec/**/*.js', '!**/spec/rules/*.js', '!**/spec/endpoints.js'], 'the fault library breaks the server: it imports the server, rule IDs and the endpoint table, nothing of the suites, the harness or scripts'),
  ...boundary('scripts/**/*.ts', ['**/suites/**'], 'nothing imports the suites: scripts share the run through harness-core/ and the spec through spec/'),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
);
