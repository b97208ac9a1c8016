import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
);
