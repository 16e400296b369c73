import { parseCss, printCss, type CssNode } from './parse-css.js';
import { pageUsage, pruneCss } from './prune-css.js';

/** The <style> TanStack Router fills with the matched routes' stylesheets (see entry-server.tsx). */
const INLINE_STYLE = /(<style data-tsr-inline-css="">)([\s\S]*?)(<\/style>)/;

/**
 * Cuts the stylesheets inlined in a rendered page down to what its first paint can use (see
 * pruneCss); the page links the full files after that paint. Parsed stylesheets are kept by
 * their text: there are as many as there are page types.
 */
export function createCriticalCssInliner(maxParsed = 64) {
  const parsed = new Map<string, CssNode[]>();
  const parse = (css: string): CssNode[] => {
    let nodes = parsed.get(css);
    if (!nodes) {
      nodes = parseCss(css);
      if (parsed.size >= maxParsed) parsed.delete(parsed.keys().next().value!);
      parsed.set(css, nodes);
    }
    return nodes;
  };

  return function inlineCriticalCss(html: string): string {
    const match = INLINE_STYLE.exec(html);
    if (!match) return html;
    const [whole, open, css, close] = match as unknown as [string, string, string, string];
    const rest = html.slice(0, match.index) + html.slice(match.index + whole.length);
    const critical = printCss(pruneCss(parse(css), pageUsage(rest)));
    return html.slice(0, match.index) + open + critical + close + html.slice(match.index + whole.length);
  };
}
