#!/usr/bin/env node
// After `vite build`: writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip -9) beside
// every text file of web/dist larger than 1 KiB, so the server sends precompressed assets
// (issue 17) and compresses on the fly only the API. Images and fonts are compressed already.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.map', '.xml']);
const MIN = 1024;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '.vite') yield* walk(path);
    } else if (entry.isFile()) yield path;
  }
}

let files = 0;
let before = 0;
let brotli = 0;
let gzip = 0;
for (const path of walk(dist)) {
  if (!TEXT.has(extname(path)) || statSync(path).size <= MIN) continue;
  const data = readFileSync(path);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gz);
  files += 1;
  before += data.length;
  brotli += br.length;
  gzip += gz.length;
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`compress: ${files} files, ${kib(before)} -> ${kib(gzip)} gzip, ${kib(brotli)} brotli`);
