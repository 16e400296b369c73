import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientAssetsFromManifest, devClientAssets, readClientAssets, type ViteManifest } from './client-assets.js';

const manifest: ViteManifest = {
  'entry-client.tsx': {
    file: 'assets/entry-client-A.js',
    src: 'entry-client.tsx',
    isEntry: true,
    imports: ['_vendor-B.js'],
    dynamicImports: ['pages/HomePage.tsx', 'admin/AdminPage.tsx'],
    css: ['assets/entry-client-A.css'],
  },
  '_vendor-B.js': { file: 'assets/vendor-B.js', css: ['assets/vendor-B.css'] },
  '_shared-C.js': { file: 'assets/shared-C.js', imports: ['_vendor-B.js'] },
  'pages/HomePage.tsx': {
    file: 'assets/HomePage-D.js',
    src: 'pages/HomePage.tsx',
    isDynamicEntry: true,
    imports: ['_shared-C.js', 'entry-client.tsx'],
    css: ['assets/HomePage-D.css'],
  },
  'admin/AdminPage.tsx': { file: 'assets/AdminPage-E.js', src: 'admin/AdminPage.tsx', isDynamicEntry: true },
};

describe('clientAssetsFromManifest', () => {
  it('links the entry, its static imports and all their stylesheets', () => {
    const assets = clientAssetsFromManifest(manifest);
    expect(assets.scripts).toEqual([{ src: '/assets/entry-client-A.js' }]);
    expect(assets.preloads).toEqual(['/assets/vendor-B.js']);
    // In cascade order: an import's stylesheet before its importer's, as Vite links them.
    expect(assets.css).toEqual(['/assets/vendor-B.css', '/assets/entry-client-A.css']);
  });

  it("orders a page's stylesheets as Vite's loader does: its imports' before its own", () => {
    const assets = clientAssetsFromManifest({
      ...manifest,
      '_shared-C.js': { file: 'assets/shared-C.js', imports: ['_vendor-B.js'], css: ['assets/shared-C.css'] },
    });
    expect(assets.chunks['pages/HomePage.tsx']?.css).toEqual(['/assets/shared-C.css', '/assets/HomePage-D.css']);
  });

  it('gives each lazily loaded module only the files the entry does not already load', () => {
    const assets = clientAssetsFromManifest(manifest);
    expect(assets.chunks['pages/HomePage.tsx']).toEqual({
      preloads: ['/assets/HomePage-D.js', '/assets/shared-C.js'],
      css: ['/assets/HomePage-D.css'],
    });
    expect(assets.chunks['admin/AdminPage.tsx']).toEqual({ preloads: ['/assets/AdminPage-E.js'], css: [] });
  });

  it('never preloads a dynamic import with the entry', () => {
    const assets = clientAssetsFromManifest(manifest);
    expect(assets.preloads.some((file) => file.includes('AdminPage'))).toBe(false);
  });

  it('loads the scripts after the first paint in production', () => {
    expect(clientAssetsFromManifest(manifest).loadAfterFirstPaint).toBe(true);
  });

  it('rejects a manifest without the entry', () => {
    expect(() => clientAssetsFromManifest({})).toThrow(/no entry/);
  });
});

describe('readClientAssets', () => {
  it('reads the build manifest: the pages link its stylesheets, none is read to be inlined', async () => {
    const clientDir = await mkdtemp(path.join(os.tmpdir(), 'client-assets-'));
    try {
      const manifestFile = path.join(clientDir, 'manifest.json');
      await writeFile(manifestFile, JSON.stringify(manifest));
      const assets = await readClientAssets(manifestFile);
      expect(assets).toEqual(clientAssetsFromManifest(manifest));
      expect(assets.css).toEqual(['/assets/vendor-B.css', '/assets/entry-client-A.css']);
    } finally {
      await rm(clientDir, { recursive: true, force: true });
    }
  });
});

describe('devClientAssets', () => {
  it('keeps Vite client scripts and the refresh preamble, then the entry', () => {
    const html =
      '<html><head><script type="module" src="/@vite/client"></script>' +
      '<script type="module">import { injectIntoGlobalHook } from "/@react-refresh";</script></head><body></body></html>';
    expect(devClientAssets(html, '/entry-client.tsx').scripts).toEqual([
      { src: '/@vite/client' },
      { code: 'import { injectIntoGlobalHook } from "/@react-refresh";' },
      { src: '/entry-client.tsx' },
    ]);
    expect(devClientAssets('', '/entry-client.tsx').loadAfterFirstPaint).toBeUndefined();
  });
});
