import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withScriptSources } from '../http/content-security-policy.js';
import { inlineScriptHashes } from './inline-scripts.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes inline executable scripts only', () => {
    const html = [
      '<script data-tsr-stream-part="">self.$_TSR={}</script>',
      '<script type="module" src="/assets/entry.js"></script>',
      '<script type="application/ld+json">{"@type":"Book"}</script>',
      '<script type="module">import "/x.js"</script>',
      '<script nonce="n">document.currentScript.remove()</script>',
    ].join('');
    expect(inlineScriptHashes(html)).toEqual([
      sha('self.$_TSR={}'),
      sha('import "/x.js"'),
      sha('document.currentScript.remove()'),
    ]);
  });

  it('lists a repeated script once', () => {
    expect(inlineScriptHashes('<script>a()</script><p></p><script>a()</script>')).toEqual([sha('a()')]);
  });

  it('returns nothing for a page without inline scripts', () => {
    expect(inlineScriptHashes('<html><body><script src="/a.js"></script></body></html>')).toEqual([]);
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
