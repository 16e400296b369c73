import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import type { Plugin as PostcssPlugin } from 'postcss';
import { defineConfig } from 'vite';

const MANTINE_BREAKPOINTS = {
  'mantine-breakpoint-xs': '36em',
  'mantine-breakpoint-sm': '48em',
  'mantine-breakpoint-md': '62em',
  'mantine-breakpoint-lg': '75em',
  'mantine-breakpoint-xl': '88em',
};

/**
 * Modules shared by lazily loaded public pages, grouped so a page costs one or two requests.
 * The domain modules that import zod (its *.schema.ts and a few others) are left out: they (and
 * zod) load only when a form needs them.
 */
const PAGES_SHARED =
  /[\\/]src[\\/](?:client[\\/](?:ui|layout|content|pages[\\/](?![A-Za-z]+Page\.tsx))[\\/]|domain[\\/])/;

/** The domain's zod schemas, zod itself and the SHA-256 of the sign-up form's proof of work. */
const SCHEMAS = /[\\/]src[\\/]domain[\\/][^\\/]+\.schema\.ts|[\\/]node_modules[\\/](?:zod|@noble[\\/]hashes)[\\/]/;

/**
 * Whether a domain module imports zod (not just its types). A chunk group takes its modules'
 * imports along, so such a module in the shared pages' group would put zod (about 24 KB of gzip)
 * on every reading page: it goes with the schemas.
 */
const zodModules = new Map<string, boolean>();
function importsZod(id: string): boolean {
  if (!/[\\/]src[\\/]domain[\\/][^\\/]+\.ts$/.test(id)) return false;
  let found = zodModules.get(id);
  if (found === undefined) {
    found = /^import (?!type\b)[^;]*from 'zod';/m.test(readFileSync(id, 'utf8'));
    zodModules.set(id, found);
  }
  return found;
}

/**
 * Every page is dark (App.tsx forces Mantine's dark scheme, the root element says so): the light
 * scheme's rules, and `:host` ones (no shadow DOM here), can never apply and leave every stylesheet.
 */
const LIGHT_SCHEME_OR_HOST = /\[data-mantine-color-scheme=["']?light["']?\]|:host\b/;
const dropLightSchemeRules: PostcssPlugin = {
  postcssPlugin: 'drop-light-scheme-rules',
  Rule(rule) {
    const selectors = rule.selectors.filter((selector) => !LIGHT_SCHEME_OR_HOST.test(selector));
    if (selectors.length === 0) rule.remove();
    else if (selectors.length < rule.selectors.length) rule.selectors = selectors;
  },
};

const clientRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', 'client');
const distDir = path.join(clientRoot, '..', '..', 'dist');

/**
 * Production class names of CSS modules: 7 characters from the file and the class name (the same
 * in the client and the server build), instead of `_navLink_1r9i7_155`, since every element of a
 * page carries them and the first-paint rules are inlined in each page. Development keeps the
 * readable default.
 */
function shortScopedName(name: string, filename: string): string {
  const file = path.relative(clientRoot, filename.split('?')[0] ?? filename);
  return `_${createHash('sha256').update(`${file}:${name}`).digest('base64url').slice(0, 6)}`;
}

/**
 * The React app lives in src/client and is server-rendered: `vite build` makes the browser
 * bundle (dist/client, with a manifest the server reads to link the entry and each page's
 * chunk), `vite build --ssr` the renderer the Fastify process imports (dist/ssr/entry-server.js).
 */
export default defineConfig(({ isSsrBuild, command }) => ({
  root: clientRoot,
  publicDir: isSsrBuild ? false : path.join(clientRoot, '..', '..', 'public'),
  plugins: [react()],
  // The renderer bundles the UI libraries it uses instead of importing them from node_modules at run time:
  // @mantine/core alone is 581 modules whose source and module records the server would otherwise keep in memory
  // for every component, used or not.
  ssr: { noExternal: [/^@mantine\//, /^@tanstack\//] },
  css: {
    ...(command === 'build' ? { modules: { generateScopedName: shortScopedName } } : {}),
    postcss: {
      plugins: [postcssPresetMantine(), postcssSimpleVars({ variables: MANTINE_BREAKPOINTS }), dropLightSchemeRules],
    },
  },
  build: isSsrBuild
    ? {
        outDir: path.join(distDir, 'ssr'),
        emptyOutDir: true,
        ssr: true,
        target: 'node20',
        minify: false,
        rolldownOptions: {
          input: path.join(clientRoot, 'entry-server.tsx'),
          output: { entryFileNames: 'entry-server.js' },
        },
      }
    : {
        outDir: path.join(distDir, 'client'),
        emptyOutDir: true,
        assetsDir: 'assets',
        manifest: true,
        rolldownOptions: {
          input: path.join(clientRoot, 'entry-client.tsx'),
          output: {
            // Everything the entry needs in one file (instead of a dozen small shared chunks that
            // each cost a request); pages and the admin area stay in their own lazy chunks.
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], priority: 2 },
                // The small modules the public pages share (UI pieces, zod-free domain labels and helpers).
                {
                  name: 'pages-shared',
                  test: (id: string) => PAGES_SHARED.test(id) && !importsZod(id),
                  minShareCount: 2,
                  priority: 1,
                },
                // What the forms validate with: the public ones fetch it when first focused.
                { name: 'schemas', test: (id: string) => SCHEMAS.test(id) || importsZod(id), priority: 1 },
              ],
            },
          },
        },
      },
}));
