import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@contracts': fileURLToPath(new URL('./contracts', import.meta.url)),
  '@server': fileURLToPath(new URL('./server', import.meta.url)),
  '@tabs': fileURLToPath(new URL('./tabs', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // The JSON report is what .ci/run counts; vitest's own summary is for people.
    reporters: ['default', ['json', { outputFile: '.ci-results/vitest.json' }]],
    // Two files at a time fit this machine's two cores (API files each get their own database).
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          globalSetup: ['tests/support/template-database.ts'],
          // Some unit files lint or validate whole trees: roomy on a busy two-core machine.
          testTimeout: 20_000,
          // A few unit files start an app (routes, migrations) before their tests.
          hookTimeout: 60_000,
          include: [
            'server/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'contracts/**/*.test.ts',
            'bot-proxy/**/*.test.ts',
          ],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/template-database.ts'],
          // API files share a worker's loaded modules (the server graph loads once per worker,
          // not once per file: about 40% of this project's time). Each file still builds its
          // own app on its own database; nothing here mocks modules.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Again on the embedded PGlite, whatever TEST_DATABASE_URL says, since `npm start` runs
        // on it: only what can differ between the engines (sign-in and account writes, values
        // the database refuses, one-time secrets, uploads cut off, the job queue). Rules that
        // never reach the engine (rate limits, who sees what, enumeration) run once.
        resolve: { alias },
        test: {
          name: 'api-pglite',
          environment: 'node',
          include: [
            'tests/api/auth-flow.test.ts',
            'tests/api/account.test.ts',
            'tests/api/bad-input.test.ts',
            'tests/api/upload-crash.test.ts',
            'tests/api/one-time-secrets.test.ts',
            'tests/api/jobs.test.ts',
            'tests/api/jobs-restart.test.ts',
          ],
          env: { TEST_DATABASE_URL: '' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'tabs/**/*.test.ts',
            'tabs/**/*.test.tsx',
          ],
        },
      },
    ],
  },
});
