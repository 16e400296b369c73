/**
 * A small parser for the minified stylesheets of our own build (Vite's output): enough structure
 * to drop rules a page cannot use, and to print the rest unchanged. Anything it does not model
 * (@font-face, @keyframes, nested rules) is kept whole as raw text.
 */
export type CssNode =
  /** A style rule: its selector list and its declarations, as written. */
  | { kind: 'rule'; selectors: string[]; body: string }
  /** A conditional group (@media, @supports, @layer, @container) holding rules. */
  | { kind: 'group'; prelude: string; children: CssNode[] }
  | { kind: 'raw'; text: string };

const GROUP_AT_RULES = new Set(['media', 'supports', 'layer', 'container']);

/** The index just past a quoted string starting at `start`. */
function skipString(css: string, start: number): number {
  const quote = css[start];
  let index = start + 1;
  while (index < css.length && css[index] !== quote) index += css[index] === '\\' ? 2 : 1;
  return index + 1;
}

/** The index just past a comment starting at `start`. */
function skipComment(css: string, start: number): number {
  const end = css.indexOf('*/', start + 2);
  return end < 0 ? css.length : end + 2;
}

/** The index of the first of `stops` at nesting depth 0 (outside strings, comments, parentheses), or -1. */
function findTopLevel(css: string, start: number, stops: string): number {
  let depth = 0;
  for (let index = start; index < css.length;) {
    const char = css[index]!;
    if (char === '"' || char === "'") index = skipString(css, index);
    else if (char === '/' && css[index + 1] === '*') index = skipComment(css, index);
    else {
      if (depth === 0 && stops.includes(char)) return index;
      if (char === '(' || char === '[') depth++;
      else if ((char === ')' || char === ']') && depth > 0) depth--;
      index++;
    }
  }
  return -1;
}

/** The index of the `}` closing the block whose `{` is at `open`. */
function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let index = open; index < css.length;) {
    const char = css[index]!;
    if (char === '"' || char === "'") index = skipString(css, index);
    else if (char === '/' && css[index + 1] === '*') index = skipComment(css, index);
    else {
      if (char === '{') depth++;
      else if (char === '}' && --depth === 0) return index;
      index++;
    }
  }
  throw new Error(`Unbalanced braces in a stylesheet at ${open}`);
}

/** Splits `text` at the top-level occurrences of `separator` (outside strings and brackets). */
export function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    const at = findTopLevel(text, start, separator);
    if (at < 0) break;
    parts.push(text.slice(start, at));
    start = at + 1;
  }
  parts.push(text.slice(start));
  return parts;
}

export function parseCss(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let index = 0;
  while (index < css.length) {
    const char = css[index]!;
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    if (char === '/' && css[index + 1] === '*') {
      index = skipComment(css, index);
      continue;
    }
    const stop = findTopLevel(css, index, char === '@' ? '{;' : '{');
    if (stop < 0) {
      nodes.push({ kind: 'raw', text: css.slice(index).trim() });
      break;
    }
    const prelude = css.slice(index, stop).trim();
    if (css[stop] === ';') {
      nodes.push({ kind: 'raw', text: css.slice(index, stop + 1) });
      index = stop + 1;
      continue;
    }
    const close = matchingBrace(css, stop);
    const inner = css.slice(stop + 1, close);
    if (char === '@') {
      const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
      nodes.push(
        GROUP_AT_RULES.has(name)
          ? { kind: 'group', prelude, children: parseCss(inner) }
          : { kind: 'raw', text: css.slice(index, close + 1) },
      );
    } else if (inner.includes('{')) {
      // Nested rules: kept as written.
      nodes.push({ kind: 'raw', text: css.slice(index, close + 1) });
    } else {
      nodes.push({ kind: 'rule', selectors: splitTopLevel(prelude, ',').map((s) => s.trim()), body: inner });
    }
    index = close + 1;
  }
  return nodes;
}

export function printCss(nodes: readonly CssNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'rule') return `${node.selectors.join(',')}{${node.body}}`;
      if (node.kind === 'group') return `${node.prelude}{${printCss(node.children)}}`;
      return node.text;
    })
    .join('');
}
