import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGuide, parseFrontMatter, renderDocument, renderMarkdown } from './content.ts';

const doc = (front: string, body = '本文') => `---\n${front}\n---\n${body}`;
const GOOD = 'slug: faq\ntitle: よくある質問\norder: 6\nupdated: 2026-11-23\ndescription: 説明';

describe('front matter', () => {
  it('reads slug, title, order, updated and description', () => {
    const { meta, body } = parseFrontMatter(doc(GOOD, '## 見出し'), 'faq.md');
    expect(meta).toEqual({ slug: 'faq', title: 'よくある質問', order: 6, updated: '2026-11-23', description: '説明' });
    expect(body).toBe('## 見出し');
  });

  it.each([
    ['missing fences', '# no front matter', /front matter/],
    ['missing title', doc('slug: faq\norder: 1\nupdated: 2026-11-23\ndescription: x'), /"title"/],
    ['bad slug', doc(GOOD.replace('slug: faq', 'slug: FAQ ページ')), /slug/],
    ['bad order', doc(GOOD.replace('order: 6', 'order: 最初')), /order/],
    ['bad date', doc(GOOD.replace('2026-11-23', '2026/11/23')), /updated/],
    ['long description', doc(GOOD.replace('description: 説明', `description: ${'あ'.repeat(121)}`)), /description/],
  ])('fails the build on %s', (_name, source, message) => {
    expect(() => parseFrontMatter(source, 'x.md')).toThrow(message);
  });
});

describe('rendering', () => {
  it('gives h2/h3 ids and a table of contents', () => {
    const { html, toc } = renderMarkdown('## 最初 **太字**\n\n本文\n\n### 小見出し\n\n## 二つ目');
    expect(toc).toEqual([
      { id: 's1', text: '最初 太字', level: 2 },
      { id: 's2', text: '小見出し', level: 3 },
      { id: 's3', text: '二つ目', level: 2 },
    ]);
    expect(html).toContain('<h2 id="s1">最初 <strong>太字</strong></h2>');
    expect(html).toContain('<h3 id="s2">');
  });

  it('sanitises: no scripts, event handlers or javascript: links survive', () => {
    const { html } = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(1)">\n\n[a](javascript:alert(1)) <iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe/i);
  });

  it('keeps site links in place and opens outside links in a new tab safely', () => {
    const { html } = renderMarkdown('[投稿](/guide/how-to-post) [ODbL](https://opendatacommons.org/licenses/odbl/)');
    expect(html).toContain('<a href="/guide/how-to-post">投稿</a>');
    expect(html).toContain('<a href="https://opendatacommons.org/licenses/odbl/" target="_blank" rel="noopener noreferrer">ODbL</a>');
  });

  it('labels each table cell with its column heading, for the stacked phone layout', () => {
    const { html } = renderMarkdown('| 情報 | 内容 |\n| --- | --- |\n| アカウント | メールアドレス |');
    expect(html).toContain('<td data-label="情報">アカウント</td>');
    expect(html).toContain('<td data-label="内容">メールアドレス</td>');
  });

  it('renders tables (GFM)', () => {
    expect(renderMarkdown('| a | b |\n| --- | --- |\n| 1 | 2 |').html).toContain('<td data-label="a">1</td>');
  });
});

describe('the repo guide (content/guide)', () => {
  const dir = resolve(process.cwd(), '../content/guide'); // vitest runs in frontend/
  const files = readdirSync(dir).filter((f) => f.endsWith('.md'));
  const docs = files.map((f) => ({ file: f, doc: renderDocument(readFileSync(join(dir, f), 'utf8'), f) }));

  it('has the six articles of PRODUCT.md §2 and the lotteries article, in order', () => {
    expect(checkGuide(docs).map((d) => d.title)).toEqual([
      'はじめての方へ',
      '販売店の探し方',
      '店舗情報の投稿方法',
      'ポイントとランキング',
      '購入時のマナー',
      '抽選情報の見方と登録',
      'よくある質問',
    ]);
  });

  it('states the real limits: 3 photos, 10 MB, 1 pt / 5 pt', () => {
    const post = docs.find((d) => d.doc.slug === 'how-to-post')!.doc.html;
    expect(post).toContain('最大3枚');
    expect(post).toContain('10MBまで');
    expect(post).toMatch(/1pt.*5pt/s);
  });

  it('links only to pages and articles that exist', () => {
    const slugs = new Set(docs.map((d) => d.doc.slug));
    const sitePages = new Set(['/', '/my-stats', '/profile', '/withdrawal', '/privacy-policy', '/api/v1/export/stores.geojson', '/api/v1/export/stores.csv']);
    for (const { doc: d } of docs) {
      for (const [, href] of d.html.matchAll(/href="(\/[^"#]*)/g)) {
        const article = /^\/guide\/(.+)$/.exec(href!);
        if (article) expect(slugs, `${d.slug} → ${href}`).toContain(article[1]);
        else expect(sitePages, `${d.slug} → ${href}`).toContain(href);
      }
    }
  });

  it('shows screenshots that exist in public/, as small WebP files with alt text and a fixed size', () => {
    const MAX_SCREENSHOT_BYTES = 80 * 1024;
    const images = docs.flatMap(({ doc: d }) => [...d.html.matchAll(/<img [^>]*>/g)].map(([tag]) => ({ slug: d.slug, tag })));
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const { slug, tag } of images) {
      const src = /src="(\/guide\/[a-z0-9-]+\.webp)"/.exec(tag)?.[1];
      expect(src, `${slug}: ${tag}`).toBeDefined();
      const file = readFileSync(resolve(process.cwd(), `public${src}`));
      expect(file.subarray(8, 12).toString('latin1'), `${src} is WebP`).toBe('WEBP');
      expect(file.length, `${src} size`).toBeLessThanOrEqual(MAX_SCREENSHOT_BYTES);
      expect(tag).toMatch(/alt="[^"]*[ぁ-んァ-ン一-龥][^"]*"/); // meaningful Japanese alt text
      expect(tag).toMatch(/width="\d+"/);
      expect(tag).toMatch(/height="\d+"/); // the layout does not jump while it loads
      expect(tag).toContain('loading="lazy"');
    }
  });

  it('refuses a file whose name is not its slug, and duplicate orders', () => {
    const [a, b] = docs;
    expect(() => checkGuide([{ file: 'other.md', doc: a!.doc }])).toThrow(/file name/);
    expect(() => checkGuide([a!, { file: `${b!.doc.slug}.md`, doc: { ...b!.doc, order: a!.doc.order } }])).toThrow(/order/);
  });
});
