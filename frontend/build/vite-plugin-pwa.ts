// Vite plugin: emits /sw.js (build/sw-template.js with this build's file list and a
// version derived from it) so the service worker precaches exactly the app shell that
// was built. Hand-written instead of vite-plugin-pwa/workbox: the worker is ~100 lines,
// needs the offline "data age" header the app reads, and adds no dependency.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Files from public/ that belong to the shell (the bundle's own files are added). */
const PUBLIC_SHELL = ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png'];

export function serviceWorkerPlugin(templateFile: string): Plugin {
  return {
    name: 'pokeca-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => !name.endsWith('.map') && name !== 'sw.js' && !name.startsWith('.vite/'))
        .map((name) => `/${name}`);
      const precache = ['/index.html', ...PUBLIC_SHELL, ...files.filter((f) => f !== '/index.html')].sort();
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(templateFile, 'utf8')
        .replace('const VERSION = __VERSION__;', `const VERSION = ${JSON.stringify(version)};`)
        .replace('const PRECACHE = __PRECACHE__;', `const PRECACHE = ${JSON.stringify(precache)};`);
      if (/__(VERSION|PRECACHE)__/.test(source)) throw new Error(`${templateFile}: a placeholder was not filled`);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
