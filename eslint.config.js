// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports a layer may not make: each seam between folders points one way only. */
const layerRules = [
  {
    name: 'db',
    // Migrations and the seed are data: they see Kysely and the shared domain, never the server.
    // Their tests run them through the server, which is the point of those tests.
    files: ['db/**/*.ts'],
    ignores: ['db/**/*.test.ts'],
    forbidden: ['**/src/server/**', '**/src/client/**'],
    message: 'db/ imports only Kysely and src/domain; the server passes in what the seed needs.',
  },
  {
    name: 'server-db',
    // The connection, the engine and the transaction helpers sit under every domain, so they import none.
    files: ['src/server/db/**/*.ts'],
    ignores: ['src/server/db/**/*.test.ts'],
    forbidden: [
      '**/analytics/**',
      '**/auth/**',
      '**/content/**',
      '**/deliverability/**',
      '**/import-export/**',
      '**/newsletter/**',
      '**/operations/**',
      '**/site/**',
      '**/trpc/**',
    ],
    message: 'src/server/db is the bottom layer: the domains import it, never the other way round.',
  },
  {
    name: 'repositories',
    // A domain's queries take the database first and know nothing of procedures, routes or pages.
    files: ['src/server/**/*-repository.ts'],
    forbidden: ['**/trpc/**', '**/*-router.js', '**/site/http/**', '**/site/pages/**', '**/site/rest/**', 'fastify'],
    message: 'A repository holds queries only: its router and the HTTP layer call it, not the other way round.',
  },
  {
    name: 'http',
    // Low-level HTTP helpers know nothing of pages, procedures or the React app: trpc/ builds on them
    // (the error messages of procedure-errors.ts), so an import back would close a circle.
    files: ['src/server/site/http/**/*.ts'],
    forbidden: ['**/pages/**', '**/client/**', '**/trpc/**'],
    message: 'site/http/ holds low-level helpers; site/pages/ and trpc/ may use them, not the other way round.',
  },
  {
    name: 'services',
    // The service container is a list of declared types: it names what each service is, not how a
    // procedure or a route uses it, so every layer may import it without an import circle.
    files: ['src/server/services.ts'],
    forbidden: ['**/trpc/**', '**/site/pages/**', '**/*-router.js', '**/*-routes.js', 'fastify'],
    message: 'services.ts declares the shared services only: procedures and routes import it, not the other way round.',
  },
  {
    name: 'domain',
    // Shared rules run on both sides, so they import neither side.
    files: ['src/domain/**/*.ts'],
    forbidden: ['**/server/**', '**/client/**'],
    message: 'src/domain is shared by the server and the client and imports neither.',
  },
  {
    name: 'client',
    // The React app never reaches server-only code (the SSR entry talks to the server through its own types).
    // tRPC's `observable` is the exception: a few lines every client link is built on (@trpc/client uses it
    // itself), which tRPC's docs import from @trpc/server/observable for a custom link.
    files: ['src/client/**/*.{ts,tsx}'],
    forbidden: ['**/server/**', '!@trpc/server/observable'],
    allowTypeImports: true,
    message: 'The client bundle must not reach server-only code (type imports only).',
  },
  {
    name: 'test-helpers',
    // Production code never depends on test helpers or on the benchmark's routes.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test-support/**', 'src/server/operations/bench/**'],
    forbidden: ['**/test-support/**', '**/bench/**'],
    message: 'Test and benchmark helpers stay out of the production app.',
  },
];

/**
 * Each layer gets its own copy of no-restricted-imports (`layers/<name>`): ESLint keeps only the last
 * options of one rule for a file, so with a single rule the broader src/server block would silently
 * replace the http/ one.
 */
const restrictedImports = tseslint.plugin.rules?.['no-restricted-imports'];
if (!restrictedImports) throw new Error('typescript-eslint no longer provides no-restricted-imports');
const layersPlugin = { rules: Object.fromEntries(layerRules.map(({ name }) => [name, restrictedImports])) };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'coverage/**', 'node_modules/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // Their page.evaluate callbacks run inside Chromium.
    files: ['scripts/make-social-card.mjs', 'scripts/measure-bundle.mjs', 'scripts/bench-weight.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // A migration sees the database as it was when it was written, not today's table types: Kysely's
    // documented practice is Kysely<any> there and in the migrator.
    files: ['db/migrations/*.ts', 'src/server/db/migrate.ts'],
    ignores: ['db/migrations/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  ...layerRules.map(({ name, files, ignores, forbidden, allowTypeImports, message }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    plugins: { layers: layersPlugin },
    rules: {
      [`layers/${name}`]: [
        'error',
        { patterns: [{ group: forbidden, message, allowTypeImports: allowTypeImports ?? false }] },
      ],
    },
  })),
);
