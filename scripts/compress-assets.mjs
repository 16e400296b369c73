// Build step: writes brotli (.br) and gzip (.gz) copies next to every compressible file of the
// client build, so @fastify/static (preCompressed: true) sends them without compressing per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|ico|map)$/i;
const MIN_BYTES = 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.resolve(root, process.argv[2] ?? 'dist/client');

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* files(full);
    } else if (COMPRESSIBLE.test(entry.name)) {
      yield full;
    }
  }
}

let count = 0;
let before = 0;
let afterBr = 0;
const jobs = [];
for await (const file of files(target)) {
  if ((await stat(file)).size < MIN_BYTES) continue;
  jobs.push(
    (async () => {
      const data = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gzipAsync(data, { level: 9 }),
      ]);
      // A copy that is not smaller is left out: the original is served instead.
      if (br.length < data.length) await writeFile(`${file}.br`, br);
      if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
      count += 1;
      before += data.length;
      afterBr += Math.min(br.length, data.length);
    })(),
  );
}
await Promise.all(jobs);
console.log(
  `compress-assets: ${count} files in ${path.relative(root, target)}, ${(before / 1024).toFixed(1)} KB -> ${(afterBr / 1024).toFixed(1)} KB brotli`,
);
