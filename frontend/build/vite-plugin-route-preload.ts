// Vite plugin (issue 13, first markers): writes route-preload.json, the files a lazy route
// needs beyond the entry's, so the server can name them in index.html for that route
// (<link rel="modulepreload"> / <link rel="preload" as="style">, adapters/http/src/site_pages.cpp)
// and the browser fetches them alongside the entry instead of after it has run:
//   { "/map": ["/assets/map-….js", "/assets/BaseTileLayer-….js", "/assets/map-….css", …] }
import type { Plugin } from 'vite';

/** The routes whose files are listed: URL path → the module its lazy chunk starts from. */
export const PRELOAD_ROUTES: Record<string, string> = { '/map': '/src/app/routes/map.tsx' };
export const ROUTE_PRELOAD_FILE = 'route-preload.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}
type BundleLike = Record<string, ChunkLike | { type: 'asset' }>;

/** The chunk `start`, its static imports (transitively) and their CSS, less what the entries load. */
export function routeFiles(bundle: BundleLike, start: ChunkLike): string[] {
  const chunk = (name: string) => {
    const c = bundle[name];
    return c && c.type === 'chunk' ? c : undefined;
  };
  const closure = (roots: ChunkLike[]) => {
    const seen = new Set<string>();
    const visit = (c: ChunkLike) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const name of c.imports) {
        const next = chunk(name);
        if (next) visit(next);
      }
    };
    roots.forEach(visit);
    return seen;
  };
  const entries = Object.values(bundle).filter((c): c is ChunkLike => c.type === 'chunk' && c.isEntry);
  const initial = closure(entries);
  const js = [...closure([start])].filter((name) => !initial.has(name));
  const css = js.flatMap((name) => [...(chunk(name)?.viteMetadata?.importedCss ?? [])]);
  return [...js, ...new Set(css)].map((name) => `/${name}`);
}

export function routePreloadPlugin(): Plugin {
  return {
    name: 'pokeca-route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const b = bundle as unknown as BundleLike;
      const out: Record<string, string[]> = {};
      for (const [path, module] of Object.entries(PRELOAD_ROUTES)) {
        const start = Object.values(b).find(
          (c): c is ChunkLike => c.type === 'chunk' && (c.facadeModuleId ?? '').endsWith(module),
        );
        if (start) out[path] = routeFiles(b, start);
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOAD_FILE, source: `${JSON.stringify(out)}\n` });
    },
  };
}
