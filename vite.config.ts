import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const OUT_DIR = 'dist';

/**
 * The app shell: index.html's entry chunk, the chunks and CSS it imports statically, and the small
 * static files (icons, manifest, maintenance illustration). Route chunks are cached the first time a
 * page is opened instead, so a player on mobile data never downloads pages they do not visit.
 */
function shellFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(join(OUT_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'workers',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
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
            const shell = shellFiles();
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
  },
});
