import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createCriticalCssInliner } from './inline-critical-css.js';
import { parseCss, printCss } from './parse-css.js';
import { pageUsage, pruneCss } from './prune-css.js';

const prune = (css: string, html: string) => printCss(pruneCss(parseCss(css), pageUsage(html)));

describe('parseCss', () => {
  it("prints Mantine's whole stylesheet back exactly as it read it", () => {
    const file = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
    const css = readFileSync(file, 'utf8');
    const strip = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, '');
    expect(strip(printCss(parseCss(css)))).toBe(strip(css));
  });

  it('keeps strings, at-rules it does not model and nested rules whole', () => {
    const css = '@charset "utf-8";.a[title="x{y}"]{content:"}"}@font-face{font-family:A}.b{.c{color:red}}';
    expect(printCss(parseCss(css))).toBe(css);
    expect(parseCss(css).map((node) => node.kind)).toEqual(['raw', 'rule', 'raw', 'raw']);
  });
});

describe('pruneCss', () => {
  it('keeps the rules whose classes are all on the page, and selectors without classes', () => {
    const css = '.a{color:red}.a .b{color:blue}.c,.a:hover{top:0}body{margin:0}.x:not(.y){left:0}';
    expect(prune(css, '<p class="a x">')).toBe('.a{color:red}.a:hover{top:0}body{margin:0}.x:not(.y){left:0}');
  });

  it('drops media groups left empty and keeps the others', () => {
    expect(prune('@media (width<=40em){.a{top:0}}@media print{.b{top:0}}', '<p class="a">')).toBe(
      '@media (width<=40em){.a{top:0}}',
    );
  });

  it('drops rules for an attribute value the page never has, such as the light colour scheme', () => {
    const css =
      ':root[data-mantine-color-scheme=light]{--t:#000}:root[data-mantine-color-scheme=dark]{--t:#fff}' +
      ':where([data-mantine-color-scheme=light]) .a{color:red}.a:where(:not([data-x=y])){color:var(--t)}';
    expect(prune(css, '<html data-mantine-color-scheme="dark"><p class="a">')).toBe(
      ':root[data-mantine-color-scheme=dark]{--t:#fff}.a:where(:not([data-x=y])){color:var(--t)}',
    );
  });

  it('never keeps :host selectors (no shadow tree in a page)', () => {
    expect(prune(':root,:host{color:red}', '<p>')).toBe(':root{color:red}');
  });

  it('keeps only the custom properties something refers to, transitively, from the CSS or the page', () => {
    const css = ':root{--a:1px;--b:var(--c);--c:2px;--d:3px;--e:4px}.x{top:var(--b)}';
    expect(prune(css, '<p class="x" style="left:var(--e)">')).toBe(
      ':root{--b:var(--c);--c:2px;--e:4px}.x{top:var(--b)}',
    );
  });

  it('drops a declaration a later rule with the same selectors overrides, unless important', () => {
    const css = ':root{--a:1;--b:2!important;top:0}.x{left:var(--a) var(--b)}:root{--a:3;--b:4}';
    expect(prune(css, '<p class="x">')).toBe(
      ':root{--b:2!important;top:0}.x{left:var(--a) var(--b)}:root{--a:3;--b:4}',
    );
  });

  it('drops the keyframes no kept rule animates with', () => {
    const css =
      '@keyframes spin{to{rotate:1turn}}@keyframes pulse{to{opacity:0}}.a{animation:spin 1s}.b{animation:pulse 1s}';
    expect(prune(css, '<p class="a">')).toBe('@keyframes spin{to{rotate:1turn}}.a{animation:spin 1s}');
  });
});

describe('createCriticalCssInliner', () => {
  it("cuts the router's inlined stylesheet to the page, leaving the rest of the HTML as it was", () => {
    const inline = createCriticalCssInliner();
    const html =
      '<html><head><style data-tsr-inline-css="">.used{top:0}.unused{top:1px}</style></head>' +
      '<body><p class="used">x</p><script>"class=\\"unused\\""</script></body></html>';
    expect(inline(html)).toBe(html.replace('.unused{top:1px}', ''));
  });

  it('leaves a page without inlined styles untouched', () => {
    expect(createCriticalCssInliner()('<html><body>x</body></html>')).toBe('<html><body>x</body></html>');
  });
});
