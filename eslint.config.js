import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// A later config's `no-restricted-syntax` replaces an earlier one for the files it covers, so
// the web's blocks repeat these in full.
const NO_SKIP = {
  selector: 'CallExpression[callee.object.name="it"][callee.property.name="skip"]',
  message: 'No skipped tests: make it pass or remove it.',
};
const WEB_SYNTAX = [
  NO_SKIP,
  // Backend is core's typed client: a call's answer is typed by its handler, never asserted.
  {
    selector: 'CallExpression[callee.property.name="send"][typeArguments]',
    message: "A handler's answer is typed by core: call send without a type argument.",
  },
];
const CORE_ENTRY = {
  regex: '^@coffer/core/(?!(ui|testing)$)',
  message: "Import core from '@coffer/core/ui' (tests: '@coffer/core/testing').",
};

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
  // A CommonJS file (a tool's config) imports with require: it has no other way.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
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
      'no-restricted-syntax': ['error', NO_SKIP],
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
      'no-restricted-syntax': ['error', ...WEB_SYNTAX],
      'no-restricted-imports': ['error', { patterns: [CORE_ENTRY] }],
    },
  },
  {
    // A function with one idea fits on a screen or two: a component or hook over 150 lines
    // (blank lines and comments aside) is split into named parts (hooks for state, small
    // components for pieces). Tests are lists of cases, so they may run longer.
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-helpers/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // One kit of small parts: a screen takes its buttons, selects and tables from kit/ui, so
    // their look, roles and names are the same everywhere.
    files: ['packages/web/src/**/*.tsx'],
    ignores: ['packages/web/src/components/kit/ui/**', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...WEB_SYNTAX,
        {
          selector: 'JSXOpeningElement[name.name=/^(button|select|table)$/]',
          message: "Use the kit's Button, IconButton, Select or Table (components/kit/ui).",
        },
      ],
    },
  },
  {
    // The kit's small parts know nothing of the open budget: no store, no backend, no bindings.
    // What reads the budget lives in kit/data (bindings) and kit/pickers (domain widgets).
    files: ['packages/web/src/components/kit/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            CORE_ENTRY,
            {
              // The store's format and screen-size hooks are the reads every input needs.
              regex:
                '(^|/)backend/|(^|/)store/(?!(use-format|responsive)\\.ts$)|(^\\.\\./|/kit/)(data|pickers)/',
              message:
                'kit/ui holds no store or backend: take the value as a prop, or put the part in kit/data or kit/pickers.',
            },
          ],
        },
      ],
    },
  },
);
