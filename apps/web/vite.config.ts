import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogueTextsPlugin } from './build/catalogue-texts.ts';
import { loginShell } from './build/login-shell.ts';
import { precompress } from './build/precompress.ts';
import { scanEngines } from './build/scan-engines.ts';
import { startChunk } from './build/start-chunk.ts';

const start = startChunk();

export default defineConfig({
  plugins: [
    catalogueTextsPlugin(),
    loginShell(),
    react(),
    scanEngines(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'Kiểm dịch biên giới – Quản lý nhập cảnh',
        short_name: 'Kiểm dịch',
        description: 'Offline-first entry and health declaration register for border health officers',
        lang: 'vi',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The scan screen's engines (build/scan-engines.ts) too: a passport is read offline.
        globPatterns: [
          '**/*.{js,css,html,png,svg,ico,webmanifest}',
          'ocr/*.{wasm,traineddata.gz}',
          'zxing/*.wasm',
        ],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precompress(),
    start.plugin,
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    sourcemap: false,
    // A lazy chunk's imports are not announced with <link rel="modulepreload"> elements at run
    // time (index.html still names the start chunks): appending them cost the login screen's
    // start main-thread work (docs/decisions/013-measured-figures.md), and a chunk's imports come
    // from the service worker's cache once the app is installed.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    chunkSizeWarningLimit: 400,
    // offline.html is a page of its own (the service worker's last resort) with the app's stylesheet.
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        offline: fileURLToPath(new URL('offline.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // Only the app's own start-up modules: pulling in their dependencies too would take the
            // modules the offline page shares with the app into the app's entry chunk, and the
            // offline page, importing that chunk, would start the whole app instead of itself.
            { name: 'start', test: start.test, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  // Shown as the build date on /pwa-settings (features/pwa/app-info.ts).
  define: { __BUILD_DATE__: JSON.stringify(new Date().toISOString()) },
});
