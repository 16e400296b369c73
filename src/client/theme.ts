import './styles/global.css';
// After global.css, as MantineProvider's own <style> in the body used to be (it wins where both set a variable).
import './styles/theme-variables.css';
import { createTheme, type MantineColorsTuple } from '@mantine/core';
import { BODY_FONT, DISPLAY_FONT } from './styles/fonts.js';

/**
 * Dark fantasy with restraint: near-black and charcoal surfaces, parchment text, one ember
 * accent. Contrast (WCAG 2.1) against the page background #0e0c0b and card surface #1a1514:
 *   parchment text #eadfc8 — 14.8:1 / 13.2:1
 *   dimmed text    #b8a990 —  8.5:1 /  7.6:1
 *   ember text     #ef8257 —  7.4:1 /  6.6:1
 *   button text #fff4e6 on ember #a8321c — 6.2:1 (hover #8c2916 is darker still)
 */
const ember: MantineColorsTuple = [
  '#fff1eb',
  '#fde1d4',
  '#f8c0a7',
  '#f39d78',
  '#ef8257',
  '#e26a3f',
  '#c2401f',
  '#a8321c',
  '#8c2916',
  '#6e1f10',
];

/** Mantine's dark scheme reads these: 0 text, 2 dimmed, 3 placeholder, 4 borders, 6 inputs, 7 body. */
const dark: MantineColorsTuple = [
  '#eadfc8',
  '#d8cbb0',
  '#b8a990',
  '#9c8e77',
  '#3d342f',
  '#2a2320',
  '#1f1917',
  '#0e0c0b',
  '#0a0908',
  '#070606',
];

export const theme = createTheme({
  colors: { ember, dark },
  primaryColor: 'ember',
  primaryShade: { light: 7, dark: 7 },
  white: '#fff4e6',
  black: '#0e0c0b',
  fontFamily: BODY_FONT,
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, monospace',
  fontSizes: { xs: '0.875rem', sm: '1rem', md: '1.125rem', lg: '1.25rem', xl: '1.4rem' },
  lineHeights: { xs: '1.45', sm: '1.5', md: '1.6', lg: '1.65', xl: '1.7' },
  headings: {
    fontFamily: DISPLAY_FONT,
    fontWeight: '600',
    textWrap: 'balance',
    sizes: {
      h1: { fontSize: 'clamp(2rem, 1.4rem + 2.6vw, 3.4rem)', lineHeight: '1.12' },
      h2: { fontSize: 'clamp(1.55rem, 1.25rem + 1.2vw, 2.2rem)', lineHeight: '1.2' },
      h3: { fontSize: '1.3rem', lineHeight: '1.3' },
      h4: { fontSize: '1.1rem', lineHeight: '1.35' },
    },
  },
  defaultRadius: 'sm',
  radius: { xs: '2px', sm: '4px', md: '6px', lg: '10px', xl: '16px' },
  focusRing: 'auto',
  cursorType: 'pointer',
  autoContrast: false,
  components: {
    Button: {
      defaultProps: { radius: 'sm' },
      styles: { root: { fontFamily: DISPLAY_FONT, letterSpacing: '0.06em', fontWeight: 600 } },
    },
    Badge: {
      defaultProps: { radius: 'sm', variant: 'light' },
      styles: { root: { fontFamily: DISPLAY_FONT, fontWeight: 600, letterSpacing: '0.04em' } },
    },
    TextInput: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
  },
});
