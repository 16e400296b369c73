// Renders public/social-card.jpg, the shared 1200x630 Open Graph / Twitter image (the hero art
// with the series name), with Debian's Chromium: `node scripts/make-social-card.mjs`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const hero = readFileSync(path.join(root, 'public/demo/hero.svg'), 'utf8');
const fontCss = (file) => `data:font/woff2;base64,${readFileSync(file).toString('base64')}`;
const cinzel = fontCss(path.join(root, 'node_modules/@fontsource/cinzel/files/cinzel-latin-600-normal.woff2'));
const garamond = fontCss(
  path.join(root, 'node_modules/@fontsource/eb-garamond/files/eb-garamond-latin-400-italic.woff2'),
);
const html = `<!doctype html><html><head><style>
@font-face{font-family:Cinzel;src:url(${cinzel}) format('woff2');font-weight:600}
@font-face{font-family:Garamond;src:url(${garamond}) format('woff2');font-style:italic}
html,body{margin:0;width:1200px;height:630px;overflow:hidden;background:#0e0c0b}
.art{position:absolute;inset:0}.art svg{width:1200px;height:630px}
.shade{position:absolute;inset:0;background:linear-gradient(90deg,rgba(14,12,11,.92) 0%,rgba(14,12,11,.6) 55%,rgba(14,12,11,.1) 100%)}
.text{position:absolute;left:80px;top:190px;color:#eadfc8}
h1{font-family:Cinzel;font-weight:600;font-size:76px;line-height:1.05;margin:0;letter-spacing:.02em}
p{font-family:Garamond;font-style:italic;font-size:34px;margin:22px 0 0;color:#ef8257}
</style></head><body><div class="art">${hero}</div><div class="shade"></div>
<div class="text"><h1>The Cinderwake<br>Cycle</h1><p>A dark fantasy series by Delphine Rook</p></div></body></html>`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.evaluate(() => document.fonts.ready);
await page.screenshot({ path: path.join(root, 'public/social-card.jpg'), type: 'jpeg', quality: 86 });
await browser.close();
