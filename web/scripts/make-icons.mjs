// Draws the app icons (PNG, no dependencies): a white chart card with a brand-blue
// cross on the primary colour. `npm run gen:icons` rewrites public/icons and favicon.svg.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const PRIMARY = [0x29, 0xaa, 0xe1];
const SECONDARY = [0x1f, 0x6a, 0x96];
const WHITE = [0xff, 0xff, 0xff];

function roundRect(x, y, cx, cy, w, h, r) {
  const dx = Math.abs(x - cx) - (w / 2 - r);
  const dy = Math.abs(y - cy) - (h / 2 - r);
  const ox = Math.max(dx, 0);
  const oy = Math.max(dy, 0);
  return Math.hypot(ox, oy) + Math.min(Math.max(dx, dy), 0) - r <= 0;
}

/** Colour at (x, y) in unit coordinates, or null for transparent. */
function shade(x, y, { maskable, rounded }) {
  const s = maskable ? 0.66 : 0.86; // content scale; maskable keeps to the safe zone
  const u = (x - 0.5) / s + 0.5;
  const v = (y - 0.5) / s + 0.5;
  let colour = null;
  if (!rounded || roundRect(x, y, 0.5, 0.5, 1, 1, 0.22)) colour = PRIMARY;
  if (colour === null) return null;
  // Card
  if (roundRect(u, v, 0.5, 0.54, 0.56, 0.66, 0.07)) colour = WHITE;
  // Clip at the top of the card
  if (roundRect(u, v, 0.5, 0.22, 0.28, 0.1, 0.035)) colour = SECONDARY;
  // Cross
  const cx = 0.5;
  const cy = 0.57;
  if (
    (Math.abs(u - cx) <= 0.055 && Math.abs(v - cy) <= 0.17) ||
    (Math.abs(v - cy) <= 0.055 && Math.abs(u - cx) <= 0.17)
  )
    colour = PRIMARY;
  return colour;
}

function crc32(buf) {
  let c;
  let crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size, options) {
  const SS = 4;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let py = 0; py < size; py++) {
    raw[py * (size * 4 + 1)] = 0;
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const c = shade((px + (sx + 0.5) / SS) / size, (py + (sy + 0.5) / SS) / size, options);
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 1;
          }
        }
      }
      const o = py * (size * 4 + 1) + 1 + px * 4;
      const n = SS * SS;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / n) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const icons = [
  ['icons/icon-192.png', 192, { maskable: false, rounded: true }],
  ['icons/icon-512.png', 512, { maskable: false, rounded: true }],
  ['icons/maskable-192.png', 192, { maskable: true, rounded: false }],
  ['icons/maskable-512.png', 512, { maskable: true, rounded: false }],
  ['icons/apple-touch-icon.png', 180, { maskable: true, rounded: false }],
];
for (const [file, size, options] of icons) {
  const path = join(out, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, png(size, options));
  console.log(`wrote public/${file}`);
}

// The same drawing as SVG (favicon and in-app logo), in a 100-unit box, scale 0.86.
const k = 0.86;
const t = (v) => +(((v - 0.5) * k + 0.5) * 100).toFixed(2);
const l = (v) => +(v * k * 100).toFixed(2);
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<rect width="100" height="100" rx="22" fill="#29aae1"/>
<rect x="${t(0.5 - 0.28)}" y="${t(0.54 - 0.33)}" width="${l(0.56)}" height="${l(0.66)}" rx="${l(0.07)}" fill="#fff"/>
<rect x="${t(0.5 - 0.14)}" y="${t(0.22 - 0.05)}" width="${l(0.28)}" height="${l(0.1)}" rx="${l(0.035)}" fill="#1f6a96"/>
<rect x="${t(0.5 - 0.055)}" y="${t(0.57 - 0.17)}" width="${l(0.11)}" height="${l(0.34)}" fill="#29aae1"/>
<rect x="${t(0.5 - 0.17)}" y="${t(0.57 - 0.055)}" width="${l(0.34)}" height="${l(0.11)}" fill="#29aae1"/>
</svg>
`;
writeFileSync(join(out, 'favicon.svg'), svg);
console.log('wrote public/favicon.svg');
