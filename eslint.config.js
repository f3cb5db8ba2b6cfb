import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];

/** Import boundaries (STYLE.md 4): remotes never import the shell or each other; shared never imports apps. */
const appImports = (except) =>
  ['shell', 'login', 'registration', 'taster', 'assessments']
    .filter((name) => name !== except)
    .flatMap((name) => [
      { group: [`@entry/${name}`, `@entry/${name}/*`], message: `Do not import the ${name} app from here.` },
      {
        group: [name === 'shell' ? '**/shell/**' : `**/remotes/${name}/**`],
        message: `Do not reach into the ${name} app from here.`,
      },
    ]);

/** Heavy singletons are reached only through their platform package (ADR 003). */
const facades = {
  routes: { group: ['react-router', 'react-router/*'], message: 'Import routing from @entry/routes.' },
  i18n: { group: ['react-i18next', 'i18next'], message: 'Import translation from @entry/i18n.' },
  // A second copy of the toast store or form context would not reach the kit's hosts and fields.
  ui: {
    group: ['@radix-ui/themes', '@radix-ui/themes/*', 'react-hot-toast', 'react-hot-toast/*', 'react-hook-form'],
    message: 'Import UI components, toasts and forms from @entry/ui.',
  },
  query: { group: ['@tanstack/react-query', '@tanstack/query-core'], message: 'Import queries from @entry/query.' },
  flags: { group: ['@openfeature/*'], message: 'Read feature flags through @entry/flags.' },
  telemetry: { group: ['@sentry/*'], message: 'Report errors through @entry/telemetry.' },
  api: { group: ['ky'], message: 'Call the servers through @entry/api.' },
};
const allFacades = Object.values(facades);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', '**/@mf-types/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx', 'shell/src/**', 'remotes/*/src/**', 'shared/*/src/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['shell/src/**'], rules: { 'no-restricted-imports': restrict([...appImports('shell'), ...allFacades]) } },
  // The server renderer uses React Router's static router, which no browser bundle needs (ADR 015).
  { files: ['shell/src/server/**'], rules: { 'no-restricted-imports': restrict(appImports('shell')) } },
  ...['login', 'registration', 'taster', 'assessments'].map((name) => ({
    files: [`remotes/${name}/src/**`],
    rules: { 'no-restricted-imports': restrict([...appImports(name), ...allFacades]) },
  })),
  ...readdirSync(new URL('./shared', import.meta.url)).map((folder) => ({
    files: [`shared/${folder}/src/**`],
    rules: {
      'no-restricted-imports': restrict([
        ...appImports(null),
        ...Object.entries(facades)
          .filter(([owner]) => owner !== folder)
          .map(([, pattern]) => pattern),
      ]),
    },
  })),
);
