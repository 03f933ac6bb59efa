// Vite plugin: the repo's Markdown content as virtual modules, rendered at build time.
//   virtual:guide                    the article list (front matter only) and one lazy
//                                    loader per article
//   virtual:guide-article/<slug>     { html, toc } of one article (its own chunk)
//   virtual:content-page/<name>      a page from content/pages/<name>.md
// and, in a build, content-index.json (the guide's paths and dates, for the sitemap).
// Types: src/types/content.d.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { checkGuide, renderDocument, type RenderedDocument } from './content.ts';

const GUIDE = 'virtual:guide';
const ARTICLE = 'virtual:guide-article/';
const PAGE = 'virtual:content-page/';

export function contentPlugin(contentDir: string): Plugin {
  const guideDir = join(contentDir, 'guide');
  const pagesDir = join(contentDir, 'pages');

  const readGuide = (): RenderedDocument[] =>
    checkGuide(
      readdirSync(guideDir)
        .filter((f) => f.endsWith('.md'))
        .map((f) => {
          const file = join(guideDir, f);
          return { file, doc: renderDocument(readFileSync(file, 'utf8'), file) };
        }),
    );

  return {
    name: 'pokeca-content',
    resolveId(id) {
      if (id === GUIDE || id.startsWith(ARTICLE) || id.startsWith(PAGE)) return `\0${id}`;
      return null;
    },
    // For the server's sitemap (adapters/http/src/site_pages.cpp): the guide's pages.
    generateBundle() {
      const pages = readGuide().map((d) => ({ path: `/guide/${d.slug}`, updated: d.updated }));
      this.emitFile({ type: 'asset', fileName: 'content-index.json', source: `${JSON.stringify(pages)}\n` });
    },
    load(id) {
      if (!id.startsWith('\0virtual:')) return null;
      const name = id.slice(1);
      if (name === GUIDE) {
        for (const f of readdirSync(guideDir)) this.addWatchFile(join(guideDir, f));
        const docs = readGuide();
        const list = docs.map(({ slug, title, order, updated, description }) => ({ slug, title, order, updated, description }));
        const loaders = docs.map((d) => `  ${JSON.stringify(d.slug)}: () => import(${JSON.stringify(ARTICLE + d.slug)}),`).join('\n');
        return `export const articles = ${JSON.stringify(list)};\nexport const loaders = {\n${loaders}\n};\n`;
      }
      if (name.startsWith(ARTICLE)) {
        const slug = name.slice(ARTICLE.length);
        const file = join(guideDir, `${slug}.md`);
        this.addWatchFile(file);
        const { html, toc } = renderDocument(readFileSync(file, 'utf8'), file);
        return `export default ${JSON.stringify({ html, toc })};\n`;
      }
      if (name.startsWith(PAGE)) {
        const file = join(pagesDir, `${name.slice(PAGE.length)}.md`);
        this.addWatchFile(file);
        return `export default ${JSON.stringify(renderDocument(readFileSync(file, 'utf8'), file))};\n`;
      }
      return null;
    },
  };
}
