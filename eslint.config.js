import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import panalo from './scripts/lint/feature-boundaries.mjs';

const STORAGE_GLOBALS = [
  { name: 'localStorage', message: 'Use local from src/lib/storage.ts.' },
  { name: 'sessionStorage', message: 'Use session from src/lib/storage.ts.' },
];
const FETCH_GLOBAL = { name: 'fetch', message: 'Calls and files come through src/api (apiFetch for a plain file).' };
const TIMER_MESSAGE = 'A feature takes its timers from src/lib/timers.ts (injectable, as the worker core takes them).';
const TIMER_GLOBALS = ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'].map((name) => ({ name, message: TIMER_MESSAGE }));

/** Lint: typescript-eslint, the React hooks rules, and the import directions of ARCHITECTURE.md. */
export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'data', 'node_modules', 'test-results', 'playwright-report', 'bench-results', 'screens'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Playwright fixtures declare their (empty) dependencies with an object pattern.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: [
      'server/**/*.ts',
      'scripts/**/*.{js,mjs}',
      'tests/integration/**/*.ts',
      'tests/e2e/**/*.ts',
      'tests/bench/**/*.ts',
      '*.config.{js,ts}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // Raw storage goes through src/lib/storage.ts (STYLE: tldraw's wrapped helpers), which is testable;
  // raw fetch through src/api (the worker's through workers/realtime/http.ts); a feature's timers through
  // src/lib/timers.ts, injectable as the worker core's are (tests/unit/boundaries.test.ts).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/storage.ts', 'src/api/**'],
    rules: { 'no-restricted-globals': ['error', ...STORAGE_GLOBALS, FETCH_GLOBAL] },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', ...STORAGE_GLOBALS] },
  },
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', ...STORAGE_GLOBALS, FETCH_GLOBAL, ...TIMER_GLOBALS],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) =>
          ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'].map((property) => ({ object, property, message: TIMER_MESSAGE })),
        ),
      ],
    },
  },
  {
    files: ['workers/realtime/**/*.ts'],
    ignores: ['workers/realtime/http.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'The worker reaches the server through workers/realtime/http.ts.' }],
    },
  },
  // The layers' order (docs/architecture.md), and server/ and workers/ importing only src/contract and
  // src/lib: scripts/lint/layers.mjs.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'workers/**/*.ts'],
    plugins: { panalo },
    rules: { 'panalo/layer-order': 'error' },
  },
  // Import directions (ARCHITECTURE "Layout"): contract and lib are pure; shared layers never reach up.
  {
    files: ['src/contract/**/*.ts', 'src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/**', '**/features/**', '**/stores/**', '**/api/**', '**/ui/**', 'react', 'react-dom'],
              message: 'contract and lib stay pure.',
            },
          ],
        },
      ],
    },
  },
  // Features do not import each other (nor src/app): scripts/lint/feature-boundaries.mjs.
  {
    files: ['src/features/**/*.{ts,tsx}'],
    plugins: { panalo },
    rules: { 'panalo/feature-boundaries': 'error' },
  },
  {
    files: [
      'src/ui/**/*.{ts,tsx}',
      'src/stores/**/*.ts',
      'src/api/**/*.ts',
      'src/i18n/**/*.ts',
      'src/realtime/**/*.ts',
      'src/hooks/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared code must not depend on a feature or on the app.' }] },
      ],
    },
  },
);
