import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { acknowledgments } from './build/acknowledgments';
import { loginDocument } from './build/login-document';

const root = fileURLToPath(new URL('.', import.meta.url));
const BASE = '/app/';

const MUI = /node_modules[\\/](@mui|@emotion|stylis)[\\/]/;
/** Text fields, selects and their menus: only pages with a form or a filter need them. */
const MUI_FIELDS = /node_modules[\\/]@mui[\\/]material[\\/](TextField|Select|Menu|MenuList|MenuItem|Popover|FilledInput|Chip|FormControlLabel|Checkbox|internal[\\/]SwitchBase)[\\/.]/;
/** The native select (the schedule's resource list), apart from the menu-based Select that also uses it. */
const MUI_NATIVE_SELECT = /node_modules[\\/]@mui[\\/]material[\\/](NativeSelect|Input)[\\/]/;
/** The tooltip and its positioning engine: loaded after the first pages have shown (DeferredTooltip). */
const MUI_TOOLTIP = /node_modules[\\/](@mui[\\/]material[\\/](Tooltip|Popper)|@popperjs)[\\/]/;
/** The login route's module: its chunk is the login page's code (build/login-document). */
const LOGIN_PAGE = /[\\/]src[\\/]features[\\/]auth[\\/]routes[\\/]LoginPage\.tsx$/;
/** The modules whose static imports make up the login page: the entry and the login route. */
const LOGIN_ROOTS = [/[\\/]src[\\/]main\.tsx$/, LOGIN_PAGE];
/** The session root (guard and query cache) and the app shell: every page after login loads them. */
const SESSION_ROOTS = [/[\\/]src[\\/]app[\\/]session[\\/]SessionRoot\.tsx$/, /[\\/]src[\\/]app[\\/]shell[\\/]AppShell\.tsx$/];
/** The app's own modules (not its packages): the files under this folder's src/. */
const APP_SOURCE = fileURLToPath(new URL('./src/', import.meta.url));
const reached = new Map<string, boolean>();

/** Whether `id` is imported statically, directly or through other modules, by one of `roots`. */
function reachedFrom(id: string, ctx: Rolldown.ChunkingContext, roots: RegExp[]): boolean {
  const key = `${roots.map(String).join()} ${id}`;
  const known = reached.get(key);
  if (known !== undefined) return known;
  const seen = new Set([id]);
  const queue = [id];
  let found = false;
  while (queue.length > 0 && !found) {
    const current = queue.shift()!;
    if (roots.some((r) => r.test(current))) found = true;
    for (const importer of ctx.getModuleInfo(current)?.importers ?? []) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  reached.set(key, found);
  return found;
}

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
            // The app's own code the session root and app shell import (and the login page does not):
            // one file that every page after login loads, not a dozen small ones, each a link the
            // preload helper inserts and a module to fetch and instantiate at every start (issue 17).
            // Only those modules: their imports stay where they are (the entry's in the entry). Rolldown
            // warns that this can make chunks that import each other; here it cannot: what a 'session'
            // module imports from outside it is a package (which imports no app code) or a module the
            // login roots reach (so do all of its imports, and none of them is in 'session').
            {
              name: (id, ctx) => (id.startsWith(APP_SOURCE) && reachedFrom(id, ctx, SESSION_ROOTS) && !reachedFrom(id, ctx, LOGIN_ROOTS) ? 'session' : null),
              includeDependenciesRecursively: false,
              priority: 8,
            },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@babel[\\/]runtime|clsx|prop-types|react-is)[\\/]/, priority: 7 },
            // The query library in one file too: every page after login uses it, the login page not at all.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/, priority: 6 },
            // The component library by who needs it (issue 17, sizes per page): what the login page (and
            // the entry) import, then what the session root and app shell add, then what twelve or more
            // later chunks share (split per component they made dozens of small files that compress
            // badly); the tooltip, the native select and the text fields with their menus apart, so
            // pages without them do not load them.
            { name: (id, ctx) => (MUI.test(id) && reachedFrom(id, ctx, LOGIN_ROOTS) ? 'mui-core' : null), priority: 5 },
            { name: (id, ctx) => (MUI.test(id) && reachedFrom(id, ctx, SESSION_ROOTS) ? 'mui-session' : null), priority: 4 },
            { name: 'mui', test: (id) => MUI.test(id) && !MUI_FIELDS.test(id) && !MUI_TOOLTIP.test(id) && !MUI_NATIVE_SELECT.test(id), minShareCount: 12, priority: 3 },
            { name: 'mui-tooltip', test: MUI_TOOLTIP, priority: 2 },
            { name: 'mui-native-select', test: MUI_NATIVE_SELECT, priority: 1 },
            { name: 'mui-fields', test: MUI_FIELDS, minShareCount: 3, priority: 0 },
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
    loginDocument(BASE, LOGIN_PAGE),
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
        // The app shell only: code, styles, icons and the page itself.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json}'],
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
