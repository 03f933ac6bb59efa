import { describe, expect, it } from 'vitest';
import { routeFiles } from './vite-plugin-route-preload.ts';

const chunk = (fileName: string, imports: string[], css: string[] = [], isEntry = false, facadeModuleId: string | null = null) => ({
  type: 'chunk' as const,
  fileName,
  isEntry,
  facadeModuleId,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

describe('routeFiles', () => {
  it("lists the route chunk, its static imports and their CSS, less the entry's files", () => {
    const map = chunk('assets/map-1.js', ['assets/react-1.js', 'assets/leaflet-1.js', 'assets/shared-1.js'], ['assets/map-1.css'], false, '/x/src/app/routes/map.tsx');
    const bundle = {
      'assets/index-1.js': chunk('assets/index-1.js', ['assets/react-1.js'], ['assets/index-1.css'], true),
      'assets/react-1.js': chunk('assets/react-1.js', []),
      'assets/map-1.js': map,
      'assets/leaflet-1.js': chunk('assets/leaflet-1.js', ['assets/shared-1.js'], ['assets/leaflet-1.css']),
      'assets/shared-1.js': chunk('assets/shared-1.js', [], ['assets/leaflet-1.css']),
      'assets/lazy-other.js': chunk('assets/lazy-other.js', []),
      'assets/map-1.css': { type: 'asset' as const },
    };
    expect(routeFiles(bundle, map)).toEqual([
      '/assets/map-1.js',
      '/assets/leaflet-1.js',
      '/assets/shared-1.js',
      '/assets/map-1.css',
      '/assets/leaflet-1.css',
    ]);
  });
});
