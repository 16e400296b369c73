// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports a layer may not make: each seam between folders points one way only. */
const layerRules = [
  {
    // Migrations and the seed are data: they see Kysely and the shared domain, never the server.
    files: ['db/**/*.ts'],
    forbidden: ['**/src/server/**', '**/src/client/**'],
    message: 'db/ imports only Kysely and src/domain; the server passes in what the seed needs.',
  },
  {
    // Low-level HTTP helpers know nothing of pages or the React app.
    files: ['src/server/http/**/*.ts'],
    forbidden: ['**/ssr/**', '**/client/**'],
    message: 'http/ holds low-level helpers; ssr/ may use them, not the other way round.',
  },
  {
    // Shared rules run on both sides, so they import neither side.
    files: ['src/domain/**/*.ts'],
    forbidden: ['**/server/**', '**/client/**'],
    message: 'src/domain is shared by the server and the client and imports neither.',
  },
  {
    // The React app never reaches server-only code (the SSR entry talks to the server through its own types).
    files: ['src/client/**/*.{ts,tsx}'],
    forbidden: ['**/server/**'],
    allowTypeImports: true,
    message: 'The client bundle must not reach server-only code (type imports only).',
  },
  {
    // Production code never depends on test helpers.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test-support/**'],
    forbidden: ['**/test-support/**'],
    message: 'Test helpers stay out of the production build.',
  },
];

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
  ...layerRules.map(({ files, ignores, forbidden, allowTypeImports, message }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: forbidden, message, allowTypeImports: allowTypeImports ?? false }] },
      ],
    },
  })),
);
