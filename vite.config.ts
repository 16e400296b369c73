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

/** The React app lives in src/client; its build goes to dist/client, served by the Fastify process. */
export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  plugins: [react()],
  css: {
    postcss: { plugins: [postcssPresetMantine(), postcssSimpleVars({ variables: MANTINE_BREAKPOINTS })] },
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
  },
});
