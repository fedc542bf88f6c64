import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { AFTER_FIRST_PAINT, shellFiles } from './scripts/shell-files';
import { firstPaint } from './scripts/vite-first-paint';
import { onFirstUse } from './scripts/vite-on-first-use';

const OUT_DIR = 'dist';

export default defineConfig({
  plugins: [
    react(),
    onFirstUse(),
    firstPaint(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      // `npm run dev` serves the service worker from its source at /dev-sw.js?dev-sw (a module worker,
      // with an empty precache list: nothing is built to precache).
      devOptions: { enabled: true, type: 'module' },
      // The browser fetches the install icons itself; precaching them would only spend the player's data.
      includeManifestIcons: false,
      manifest: {
        name: 'Panalo: Sports, Casino & Wallet',
        short_name: 'Panalo',
        description: 'Sports betting, casino games and a peso wallet for players in the Philippines. 21+ only.',
        lang: 'en-PH',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0a0f1e',
        theme_color: '#0a0f1e',
        categories: ['sports', 'entertainment'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        globIgnores: ['.vite/**', 'static/**'],
        manifestTransforms: [
          (entries) => {
            // Route chunks are cached when a page is first opened instead: no data spent on pages never visited.
            const shell = shellFiles(OUT_DIR, AFTER_FIRST_PAINT);
            const manifest = entries.filter((entry) => !/\.(js|css)$/.test(entry.url) || shell.has(entry.url));
            return { manifest, warnings: [] };
          },
        ],
      },
    }),
  ],
  build: {
    outDir: OUT_DIR,
    manifest: true,
    target: 'es2020',
    sourcemap: true,
    reportCompressedSize: true,
    // What loads in the background once the page is up (the Watchers) fetches its imports as the
    // browser finds them: Vite would otherwise insert a preload link per import in one task while the
    // player may be scrolling. Pages, overlays and the routes' prefetches (routes/prefetch/<owner>.ts,
    // which start with their route) keep theirs: a tap on them should not wait for a waterfall.
    modulePreload: {
      resolveDependencies: (filename, deps) => (/(^|\/)Watchers-[\w-]+\.js$/.test(filename) ? [] : deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically, as one file: the first download compresses as one
          // (about 10 KB of brotli less than two dozen small chunks) and costs one request. The pure-JS
          // hash stays out: the page signs with WebCrypto and loads it only where WebCrypto is missing.
          groups: [
            // Not its dependencies: the compiler's helpers it shares with the shell stay in the shell.
            { name: 'hash', test: /\/node_modules\/@noble\//, priority: 1, includeDependenciesRecursively: false },
            { name: 'shell', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
