import { printCss, splitTopLevel, type CssNode } from './parse-css.js';

/**
 * The part of a stylesheet a server-rendered page can use before its script runs: the rules
 * whose selectors can match its markup (every class a selector names is on the page, every
 * `[attribute=value]` it requires too; a selector without either is kept), and of the custom
 * properties only those something still refers to. What the page's script may add later (menus, dialogs, toasts) is
 * styled by the full stylesheets, which the page loads before it hydrates.
 */
export function pruneCss(nodes: readonly CssNode[], page: PageUsage): CssNode[] {
  const matched = dropOverriddenDeclarations(keepMatchingRules(nodes, page));
  const used = usedCustomProperties(matched, page.text);
  return dropUnusedKeyframes(dropUnusedCustomProperties(matched, used));
}

/** What a page's HTML offers the stylesheet: its classes and (for var() references) its text. */
export type PageUsage = { classes: ReadonlySet<string>; text: string };

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;
const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const CLASS_IN_SELECTOR = /\.((?:[\w-]|\\.)+)/g;
const SOLE_CONDITION = /:(?:where|is)\((\[[^()[\],]*\])\)/g;
const ATTRIBUTE_EQUALS = /\[([\w-]+)=(?:"([^"]*)"|'([^']*)'|([\w-]+))\]/g;

export function pageUsage(html: string): PageUsage {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(CLASS_ATTRIBUTE))
    for (const name of value!.split(/\s+/)) if (name) classes.add(name);
  return { classes, text: html };
}

/** The classes a selector requires, outside (…) and […] (`:not(.a)` or `:where(.a, .b)` require nothing). */
function requiredClasses(selector: string): string[] | null {
  const names = [...outsideBrackets(selector, true).matchAll(CLASS_IN_SELECTOR)].map((match) => match[1]!);
  // An escaped class name (`.a\\:b`) would need unescaping: keep such a selector.
  return names.some((name) => name.includes('\\')) ? null : names;
}

/** The selector without what stands inside (…), and with `brackets` also inside […]. */
function outsideBrackets(selector: string, brackets = false): string {
  let outside = '';
  let depth = 0;
  for (const char of selector) {
    if (char === '(' || (brackets && char === '[')) depth++;
    else if (depth > 0 && (char === ')' || (brackets && char === ']'))) depth--;
    else if (depth === 0) outside += char;
  }
  return outside;
}

/**
 * `[name=value]` tests a selector makes at its top level or as the only condition of a
 * `:where(…)`/`:is(…)` (Mantine's `:where([data-mantine-color-scheme=light]) .x`); tests inside
 * :not(…) or lists are never required.
 */
function requiredAttributes(selector: string): Array<{ name: string; value: string }> {
  const required = [outsideBrackets(selector), ...[...selector.matchAll(SOLE_CONDITION)].map((m) => m[1]!)];
  return required.flatMap((text) =>
    [...text.matchAll(ATTRIBUTE_EQUALS)].map((match) => ({
      name: match[1]!,
      value: match[2] ?? match[3] ?? match[4]!,
    })),
  );
}

function mayMatch(selector: string, page: PageUsage): boolean {
  // :host matches only inside a shadow tree, which these stylesheets never style.
  if (selector.includes(':host')) return false;
  const required = requiredClasses(selector);
  if (required !== null && !required.every((name) => page.classes.has(name))) return false;
  // E.g. the light colour scheme's rules, on a page whose root says dark.
  return requiredAttributes(selector).every(({ name, value }) => page.text.includes(`${name}="${value}"`));
}

function keepMatchingRules(nodes: readonly CssNode[], page: PageUsage): CssNode[] {
  const kept: CssNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'rule') {
      const selectors = node.selectors.filter((selector) => mayMatch(selector, page));
      if (selectors.length) kept.push(selectors.length === node.selectors.length ? node : { ...node, selectors });
    } else if (node.kind === 'group') {
      const children = keepMatchingRules(node.children, page);
      if (children.length) kept.push({ ...node, children });
    } else kept.push(node);
  }
  return kept;
}

type Declaration = { property: string; value: string; text: string };

function declarations(body: string): Declaration[] {
  return splitTopLevel(body, ';')
    .filter((text) => text.trim())
    .map((text) => {
      const colon = text.indexOf(':');
      return { property: text.slice(0, colon).trim(), value: text.slice(colon + 1), text };
    });
}

function isCustomProperty(declaration: Declaration): boolean {
  return declaration.property.startsWith('--');
}

function addReferences(text: string, into: Set<string>): void {
  for (const [, name] of text.matchAll(VAR_REFERENCE)) into.add(name!);
}

/**
 * The custom properties something refers to: the kept rules' other declarations, the page
 * (style attributes), and, followed transitively, the values of the properties so found.
 */
function usedCustomProperties(nodes: readonly CssNode[], pageText: string): Set<string> {
  const used = new Set<string>();
  addReferences(pageText, used);
  /** Values of the custom property declarations, by property. */
  const values = new Map<string, string[]>();
  const visit = (list: readonly CssNode[]) => {
    for (const node of list) {
      if (node.kind === 'group') visit(node.children);
      else if (node.kind === 'raw') addReferences(node.text, used);
      else
        for (const declaration of declarations(node.body)) {
          if (!isCustomProperty(declaration)) addReferences(declaration.value, used);
          else values.set(declaration.property, [...(values.get(declaration.property) ?? []), declaration.value]);
        }
    }
  };
  visit(nodes);
  const pending = [...used];
  while (pending.length) {
    for (const value of values.get(pending.pop()!) ?? []) {
      const found = new Set<string>();
      addReferences(value, found);
      for (const name of found) {
        if (used.has(name)) continue;
        used.add(name);
        pending.push(name);
      }
    }
  }
  return used;
}

/** Drops the declarations of custom properties nothing refers to (and rules left empty). */
function dropUnusedCustomProperties(nodes: readonly CssNode[], used: ReadonlySet<string>): CssNode[] {
  const kept: CssNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'group') {
      const children = dropUnusedCustomProperties(node.children, used);
      if (children.length) kept.push({ ...node, children });
    } else if (node.kind === 'rule') {
      const all = declarations(node.body);
      const remaining = all.filter((declaration) => !isCustomProperty(declaration) || used.has(declaration.property));
      if (remaining.length === all.length) kept.push(node);
      else if (remaining.length) kept.push({ ...node, body: remaining.map((d) => d.text).join(';') });
    } else kept.push(node);
  }
  return kept;
}

/**
 * Drops a top-level declaration that a later top-level rule with the very same selector list
 * declares again (Mantine's default variables on :root, then the theme's): it can never apply.
 */
function dropOverriddenDeclarations(nodes: readonly CssNode[]): CssNode[] {
  const declaredLater = new Map<string, Set<string>>();
  const kept: CssNode[] = [];
  for (const node of [...nodes].reverse()) {
    if (node.kind !== 'rule') {
      kept.push(node);
      continue;
    }
    const key = node.selectors.join(',');
    const later = declaredLater.get(key) ?? new Set<string>();
    const all = declarations(node.body);
    const remaining = all.filter((d) => !later.has(d.property) || d.value.includes('!important'));
    for (const d of all) if (!d.value.includes('!important')) later.add(d.property);
    declaredLater.set(key, later);
    if (remaining.length === all.length) kept.push(node);
    else if (remaining.length) kept.push({ ...node, body: remaining.map((d) => d.text).join(';') });
  }
  return kept.reverse();
}

const KEYFRAMES = /^@(?:-webkit-)?keyframes\s+([\w-]+)/;

/** Drops the @keyframes no kept rule names (a spinner's, a skeleton's pulse). */
function dropUnusedKeyframes(nodes: readonly CssNode[]): CssNode[] {
  const text = printCss(nodes.filter((node) => node.kind !== 'raw' || !KEYFRAMES.test(node.text)));
  return nodes.filter((node) => {
    const name = node.kind === 'raw' ? KEYFRAMES.exec(node.text)?.[1] : undefined;
    return name === undefined || new RegExp(`[\\s:,]${name}(?![\\w-])`).test(text);
  });
}
