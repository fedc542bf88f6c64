// Renders the PWA icons from public/icons/logo.svg with Debian's chromium (run by hand when the logo
// changes: node scripts/make-icons.mjs). The PNGs are committed; nothing here runs in CI.
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const svg = readFileSync('public/icons/logo.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();

async function render(file, size, { padding = 0, background = 'transparent', radius = true } = {}) {
  const inner = size - padding * 2;
  const logo = radius ? svg : svg.replace('rx="16"', 'rx="0"');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<body style="margin:0;width:${size}px;height:${size}px;background:${background};display:grid;place-items:center">` +
      `<div style="width:${inner}px;height:${inner}px">${logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div></body>`,
  );
  writeFileSync(file, await page.screenshot({ omitBackground: background === 'transparent' }));
}

await render('public/icons/icon-192.png', 192);
await render('public/icons/icon-512.png', 512);
// Maskable: full-bleed background, logo inside the 80% safe zone.
await render('public/icons/maskable-192.png', 192, { padding: 29, background: '#0a0f1e' });
await render('public/icons/maskable-512.png', 512, { padding: 77, background: '#0a0f1e' });
await render('public/icons/apple-touch-icon.png', 180, { background: '#ffc531', radius: false });
// /favicon.ico, for what a browser asks of a page without an icon link (the simulators' pages): one 32 px
// PNG inside an ICO directory (ICO may hold PNG images since Windows Vista; every browser reads it).
await render('public/favicon-32.png', 32);
const png = readFileSync('public/favicon-32.png');
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // no palette
header.writeUInt8(0, 9); // reserved
header.writeUInt16LE(1, 10); // colour planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png.length, 14); // image size
header.writeUInt32LE(22, 18); // image offset
writeFileSync('public/favicon.ico', Buffer.concat([header, png]));
unlinkSync('public/favicon-32.png');
await browser.close();
