import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { defineConfig } from 'vite';

const MANTINE_BREAKPOINTS = {
  'mantine-breakpoint-xs': '36em',
  'mantine-breakpoint-sm': '48em',
  'mantine-breakpoint-md': '62em',
  'mantine-breakpoint-lg': '75em',
  'mantine-breakpoint-xl': '88em',
};

/** Modules shared by lazily loaded public pages, grouped so a page costs one or two requests. */
const PAGES_SHARED = /[\\/]src[\\/](?:client[\\/](?:ui|layout|content|pages[\\/](?![A-Za-z]+Page\.tsx))|domain)[\\/]|[\\/]node_modules[\\/](?:@mantine[\\/]form|mantine-form-zod-resolver|klona|fast-deep-equal)[\\/]/;

const clientRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src', 'client');
const distDir = path.join(clientRoot, '..', '..', 'dist');

/**
 * The React app lives in src/client and is server-rendered: `vite build` makes the browser
 * bundle (dist/client, with a manifest the server reads to link the entry and each page's
 * chunk), `vite build --ssr` the renderer the Fastify process imports (dist/ssr/entry-server.js).
 */
export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  publicDir: isSsrBuild ? false : path.join(clientRoot, '..', '..', 'public'),
  plugins: [react()],
  css: {
    postcss: { plugins: [postcssPresetMantine(), postcssSimpleVars({ variables: MANTINE_BREAKPOINTS })] },
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
                // The small modules the public pages share (UI pieces, domain rules, the form library).
                { name: 'pages-shared', test: PAGES_SHARED, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
      },
}));
