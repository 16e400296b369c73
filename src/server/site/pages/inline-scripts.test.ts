import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withScriptSources } from '../http/content-security-policy.js';
import { newScriptNonce, rendererScripts } from './inline-scripts.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('rendererScripts', () => {
  const N = 'Zm9vYmFyYmF6cXV4cXV1eA';

  it("hashes the renderer's own inline executable scripts only, and strips its marker", () => {
    const html = [
      `<meta property="csp-nonce" content="${N}"/>`,
      `<script nonce="${N}" data-tsr-stream-part="">self.$_TSR={}</script>`,
      `<script type="module" nonce="${N}" src="/assets/entry.js"></script>`,
      `<script type="application/ld+json" nonce="${N}">{"@type":"Book"}</script>`,
      `<script type="module" nonce="${N}">import "/x.js"</script>`,
      '<script>alert(1)</script>',
      '<script nonce="guess">alert(2)</script>',
      `<script data-x="nonce=${N}">alert(3)</script>`,
    ].join('');
    const own = rendererScripts(html, N);
    expect(own.scriptSources).toEqual([sha('self.$_TSR={}'), sha('import "/x.js"')]);
    expect(own.html).not.toContain(` nonce="${N}"`);
    expect(own.html).not.toContain('csp-nonce');
    expect(own.html).toContain('<script data-tsr-stream-part="">self.$_TSR={}</script>');
    expect(own.html).toContain('<script>alert(1)</script>');
  });

  it('lists a repeated script once', () => {
    expect(
      rendererScripts(`<script nonce="${N}">a()</script><p></p><script nonce="${N}">a()</script>`, N).scriptSources,
    ).toEqual([sha('a()')]);
  });

  it('returns nothing for a page without inline scripts', () => {
    expect(rendererScripts('<html><body><script src="/a.js"></script></body></html>', N).scriptSources).toEqual([]);
  });

  it('makes a new marker for every render', () => {
    const markers = new Set(Array.from({ length: 100 }, newScriptNonce));
    expect(markers.size).toBe(100);
    for (const marker of markers) expect(marker).toMatch(/^[A-Za-z0-9_-]{24}$/);
  });
});

describe('withScriptSources', () => {
  const policy = "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';object-src 'none'";

  it('adds the sources to script-src and keeps every other directive', () => {
    expect(withScriptSources(policy, ["'sha256-abc'", "'sha256-def'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-abc' 'sha256-def';style-src 'self' 'unsafe-inline';object-src 'none'",
    );
  });

  it('leaves the policy alone when there is nothing to add', () => {
    expect(withScriptSources(policy, [])).toBe(policy);
  });

  it('builds script-src from default-src when the policy has none', () => {
    expect(withScriptSources("default-src 'self' https://a.example", ["'sha256-x'"])).toBe(
      "default-src 'self' https://a.example;script-src 'self' https://a.example 'sha256-x'",
    );
  });
});
