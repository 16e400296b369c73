import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths.js';

const run = promisify(execFile);

/**
 * Packages a server at rest has no use for, each 10-60 MB of memory once loaded (npm run bench:start
 * measures them): they load on first use (src/server/lazy-module.ts: `lazyModule` for a package, `onFirstUse` for a group
 * of the site's modules behind one `import()`), never with the server's modules.
 */
const LOADED_ON_FIRST_USE = [
  'stripe', // a Stripe event
  'pdf-lib', // a PDF edition's copy
  'mailparser', // a bounce or complaint report
  'smtp-server', // the bounce intake, when configured
  'turndown', // an import from another blog
  'csv-parse', // an import (import-export/import-loader.ts)
  '@streamparser/json', // a Ghost import
  'saxes', // a WordPress import, an EPUB read
  'yauzl', // a zip read: an import, a sale's copy, an edition file's check
  'yazl', // a zip written: an export, an audiobook's copy
  'file-type', // an uploaded edition or gift file judged, a copy's fingerprint looked up
  'sharp', // an image
  'nodemailer', // a message
  'pg', // a PostgreSQL site
  'markdown-it', // a text rendered
  '@fedify/fedify', // a fediverse request, a delivery due, an activity to send (fediverse/fedify-loader.ts)
  '@fedify/vocab',
  '@fedify/vocab-runtime',
];

describe('the server at start', () => {
  it('loads none of the packages it needs only on first use', async () => {
    // A fresh process imports the server's modules (as main.ts does, without starting it) and lists the packages loaded.
    const probe = `
      import { registerHooks } from 'node:module';
      const loaded = new Set();
      registerHooks({
        load(url, context, next) {
          const name = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url)?.[1];
          if (name) loaded.add(name);
          return next(url, context);
        },
      });
      await import(${JSON.stringify(pathToFileURL(path.join(projectRoot, 'src/server/serve.ts')).href)});
      console.log(JSON.stringify([...loaded]));
    `;
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
      cwd: projectRoot,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const loaded = JSON.parse(stdout.trim().split('\n').at(-1)!) as string[];
    expect(loaded).toContain('fastify'); // the probe sees the server's own imports
    expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
  }, 120_000);
});
