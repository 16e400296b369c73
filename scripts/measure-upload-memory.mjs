// `npm run measure:upload-memory`: the server's peak memory while six large photos are uploaded at once.
//
//   Budget: peak RSS (VmHWM of the server process, from its start) under 400 MB.
//
// The production build runs as a child process (demo content, temporary DATA_DIR). Six photo-like
// JPEGs of 24 megapixels (6000 × 4000, just under the upload size limit) are made with sharp and sent
// to POST /api/upload in parallel; then two cheap but costly-to-decode files an attacker would send
// (a 1 × 39,000,000 PNG strip and a 16000 × 2500 WebP) are timed to their refusal.
//
// The server runs with MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=65536, as `npm start` sets them (and so
// docs/deploy.md's service unit, which runs it): glibc otherwise keeps a
// memory arena per thread that has decoded an image (libuv's pool), and their fragments add up
// (about 640 MB for the same six uploads, measured). --default-malloc runs without it.
//
// Options: --build (rebuild first), --uploads <n> (default 6), --default-malloc, --no-fail (report only).
import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { ensureBuild, startProductionServer } from './lib/production-server.mjs';

const BUDGET_MB = 400;
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const uploadCount = Number(option('--uploads', '6'));

/** Photo-like pixels (light, texture and noise) so the JPEG is as large as a real photo's. */
async function photo(width, height, seed) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = ((state >>> 16) & 0x1f) - 16;
      const light = 110 + 70 * Math.sin(x / 300 + seed) * Math.cos(y / 240 - seed);
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.max(0, Math.min(255, light + 40 + noise));
      pixels[offset + 1] = Math.max(0, Math.min(255, light + noise));
      pixels[offset + 2] = Math.max(0, Math.min(255, 220 - light + noise));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
function blackPng(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((1 + width) * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function memoryOf(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

async function upload(baseUrl, token, bytes, filename, type) {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type }), filename);
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.text();
  return { status: res.status, body, ms: Math.round(performance.now() - started) };
}

ensureBuild({ force: args.includes('--build') });
console.log(`Making ${uploadCount} photos of 6000 × 4000…`);
const photos = [];
for (let n = 0; n < uploadCount; n++) photos.push(await photo(6000, 4000, n + 1));
const strip = blackPng(1, 39_000_000);
const wide = await sharp({ create: { width: 16_000, height: 2_500, channels: 3, background: '#203040' } })
  .webp({ lossless: true, effort: 0 })
  .toBuffer();

const mallocEnv = args.includes('--default-malloc') ? {} : { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' };
console.log(
  `Server with ${mallocEnv.MALLOC_ARENA_MAX ? 'MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536' : "glibc's default arenas"}`,
);
const server = await startProductionServer({ LOG_LEVEL: 'warn', ...mallocEnv });
let failed = false;
try {
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: server.adminPassword }),
  });
  const { token } = await login.json();
  const before = await memoryOf(server.pid);
  console.log(`Server after start: RSS ${before.rssMb.toFixed(0)} MB (peak so far ${before.peakMb.toFixed(0)} MB)`);

  let peakSampled = before.rssMb;
  const sampler = setInterval(() => {
    memoryOf(server.pid).then(
      ({ rssMb }) => (peakSampled = Math.max(peakSampled, rssMb)),
      () => undefined,
    );
  }, 20);
  const started = performance.now();
  const answers = await Promise.all(
    photos.map((bytes, n) => upload(server.baseUrl, token, bytes, `photo-${n + 1}.jpg`, 'image/jpeg')),
  );
  clearInterval(sampler);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const [n, answer] of answers.entries()) {
    console.log(
      `  photo ${n + 1}: ${(photos[n].length / 1024 / 1024).toFixed(2)} MB → ${answer.status} in ${answer.ms} ms`,
    );
    if (answer.status !== 201 && answer.status !== 200) {
      console.log(`    ${answer.body.slice(0, 200)}`);
      failed = true;
    }
  }
  const after = await memoryOf(server.pid);
  console.log(
    `${uploadCount} uploads at once in ${seconds} s: peak RSS ${after.peakMb.toFixed(0)} MB (VmHWM; sampled ` +
      `${peakSampled.toFixed(0)} MB), RSS after ${after.rssMb.toFixed(0)} MB — budget ${BUDGET_MB} MB`,
  );
  if (after.peakMb >= BUDGET_MB) failed = true;

  for (const [label, bytes, name, type] of [
    [`PNG 1 × 39,000,000 (${(strip.length / 1024).toFixed(0)} KB)`, strip, 'strip.png', 'image/png'],
    [`WebP 16000 × 2500 (${(wide.length / 1024).toFixed(0)} KB)`, wide, 'wide.webp', 'image/webp'],
  ]) {
    const answer = await upload(server.baseUrl, token, bytes, name, type);
    console.log(`  ${label}: ${answer.status} in ${answer.ms} ms — ${answer.body.slice(0, 120)}`);
    if (answer.status < 400 || answer.status >= 500) failed = true;
  }
} finally {
  await server.stop();
}
console.log('(The machine was shared with other work while this ran; times vary with its load.)');
if (failed && !args.includes('--no-fail')) process.exit(1);
