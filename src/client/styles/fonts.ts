// The two faces, self-hosted from @fontsource (latin subset only): Cinzel 400 and 600 for
// headings, navigation, buttons and labels; EB Garamond 400 and its italic for reading. Every file
// is fetched before most pages' first paint, so there are no more than these four (bold body text
// is rare: the browser emboldens the 400).
import '@fontsource/cinzel/latin-400.css';
import '@fontsource/cinzel/latin-600.css';
import '@fontsource/eb-garamond/latin-400.css';
import '@fontsource/eb-garamond/latin-400-italic.css';
import './font-fallbacks.css';

/** The stacks themselves are global.css's --site-display and --site-body: each web font, then its stand-ins. */
export const DISPLAY_FONT = 'var(--site-display)';
export const BODY_FONT = 'var(--site-body)';
