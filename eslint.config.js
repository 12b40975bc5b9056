import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', '.tmp/**', 'bench/results/**'],
  },
  js.configs.recommended,
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly' },
    },
  },
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        queueMicrotask: 'readonly',
        performance: 'readonly',
        fetch: 'readonly',
        crypto: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name="it"][callee.property.name="skip"]',
          message: 'No skipped tests: make it pass or remove it.',
        },
      ],
    },
  },
  {
    // The platform-free layers never reach for ambient side effects: clocks, randomness and I/O
    // are injected, so tests stay deterministic and two budgets can live in one process.
    files: ['packages/crdt/src/**/*.ts', 'packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test-helpers/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Inject a clock instead.' },
        { object: 'Math', property: 'random', message: 'Inject randomness instead.' },
      ],
      'no-restricted-globals': ['error', 'fetch', 'setTimeout', 'setInterval', 'process'],
    },
  },
  {
    // The web reaches core through its public UI entry only (and tests through its testing
    // entry), so core can move its modules without breaking the screens.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    rules: {
      // Backend is core's typed client: a call's answer is typed by its handler, never asserted.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name="send"][typeArguments]',
          message: "A handler's answer is typed by core: call send without a type argument.",
        },
        {
          selector: 'CallExpression[callee.object.name="it"][callee.property.name="skip"]',
          message: 'No skipped tests: make it pass or remove it.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@coffer/core/(?!(ui|testing)$)',
              message: "Import core from '@coffer/core/ui' (tests: '@coffer/core/testing').",
            },
          ],
        },
      ],
    },
  },
);
