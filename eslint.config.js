import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import areaBoundaries from './eslint/area-boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts', 'tabs/**/*.ts', 'tabs/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Areas talk through their index.ts (docs/decisions/area-seams.md).
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { teamloop: { rules: { 'area-boundaries': areaBoundaries } } },
    rules: { 'teamloop/area-boundaries': 'error' },
  },
  {
    // tabs/ is the host bridge: the only code allowed to talk to the Teams SDK.
    files: ['src/**/*.ts', 'src/**/*.tsx', 'server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@microsoft/teams-js', message: 'Only tabs/ may import the Teams SDK.' }],
        },
      ],
    },
  },
  {
    // Operations take an actor and typed input; HTTP, the socket and jobs all call them
    // (docs/decisions/operations.md), so they never see a request.
    files: ['server/modules/*/operations/**/*.ts', 'server/modules/*/*/operations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@microsoft/teams-js', message: 'Only tabs/ may import the Teams SDK.' }],
          patterns: [
            {
              group: ['fastify', '@fastify/*', '**/http/types'],
              message: 'An operation never sees Fastify: take an Actor and typed input.',
            },
          ],
        },
      ],
    },
  },
);
