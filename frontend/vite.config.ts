/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentPlugin } from './build/vite-plugin-content.ts';
import { precompressPlugin } from './build/precompress.ts';
import { serviceWorkerPlugin } from './build/vite-plugin-pwa.ts';
import { isLazyCommonModule, isShellModule } from './build/chunks.ts';

export default defineConfig({
  plugins: [
    react(),
    contentPlugin(fileURLToPath(new URL('../content', import.meta.url))),
    serviceWorkerPlugin(fileURLToPath(new URL('./build/sw-template.js', import.meta.url))),
    precompressPlugin(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // '.' is Vite's default; src/lib/prefecture-views.test.ts reads ../data/prefectures.tsv and
    // src/lib/relative-time.test.ts the table of cases core's test shares (../tests/shared).
    fs: { allow: ['.', '../data', '../content', '../tests/shared'] },
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // docs/decisions/first-markers.md: the small modules the
        // lazy routes share would otherwise be seven chunks of under 1 KB gzip each, plus their CSS,
        // all on the map's critical path (Chromium opens at most 6 connections per host).
        codeSplitting: {
          groups: [
            { name: 'common', test: isLazyCommonModule, includeDependenciesRecursively: false },
            { name: 'shell', test: isShellModule, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
