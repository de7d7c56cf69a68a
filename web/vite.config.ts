import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { acknowledgments } from './build/acknowledgments';

const root = fileURLToPath(new URL('.', import.meta.url));
const BASE = '/app/';

export default defineConfig({
  base: BASE,
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // React and the small helpers every chunk shares stay one file: otherwise a lazy
        // chunk that shares them with the entry (react-big-calendar on the schedule) makes
        // Rolldown split them into many small files that every page loads (docs/web.md, sizes).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@babel[\\/]runtime|clsx|prop-types|react-is)[\\/]/ },
            // The component library's modules that six or more chunks share go in one file: split per
            // component they made dozens of small files that compress badly (issue 17, sizes per page).
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|stylis)[\\/]/, minShareCount: 6 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` against a server started with `pocketchart serve --listen 127.0.0.1:8080`.
    proxy: { '/api': { target: process.env.POCKETCHART_API ?? 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  plugins: [
    react(),
    acknowledgments(root),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        id: BASE,
        name: 'Pocketchart',
        short_name: 'Pocketchart',
        description: 'Practice management for medical and dental clinics',
        start_url: BASE,
        scope: BASE,
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#29aae1',
        lang: 'en-US',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell only: code, styles, fonts, icons and the page itself.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest,json}'],
        // Never the precompressed copies scripts/compress.mjs writes beside the files.
        globIgnores: ['.vite/**', '**/*.br', '**/*.gz'],
        navigateFallback: `${BASE}index.html`,
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // No runtime caching at all: /api responses (patient data) always go to the network.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
      devOptions: { enabled: false },
    }),
  ],
});
