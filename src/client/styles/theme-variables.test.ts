import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme.js';

const FILE = fileURLToPath(new URL('./theme-variables.css', import.meta.url));
const HEADER =
  '/* Generated from theme.ts by theme-variables.test.ts (UPDATE_THEME_CSS=1 npx vitest run --project unit\n' +
  '   src/client/styles/theme-variables.test.ts): the CSS variables MantineProvider would write into every\n' +
  '   page (App.tsx turns that off), as a stylesheet the build bundles and the server prunes per page. */\n';

/** What MantineProvider renders in its <style data-mantine-styles="true"> for our theme. */
function providerVariables(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, defaultColorScheme: 'dark', forceColorScheme: 'dark' }),
  );
  const css = /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (!css) throw new Error('MantineProvider rendered no CSS variables');
  return `${HEADER}${css.trim()}\n`;
}

describe('theme-variables.css', () => {
  it('holds exactly the variables MantineProvider derives from the theme', () => {
    const expected = providerVariables();
    if (process.env.UPDATE_THEME_CSS === '1') writeFileSync(FILE, expected);
    expect(readFileSync(FILE, 'utf8')).toBe(expected);
  });
});
