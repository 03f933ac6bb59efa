// Build-time rendering of the repo's Markdown content (content/guide/*.md and
// content/pages/*.md) into sanitised HTML plus a table of contents. Runs in Node from
// vite.config.ts only: no Markdown parser or sanitiser ever reaches the browser bundle.
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** One entry of an article's table of contents (its h2 and h3 headings). */
export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

export interface FrontMatter {
  slug: string;
  title: string;
  order: number;
  /** ISO date (YYYY-MM-DD). */
  updated: string;
  description: string;
}

export interface RenderedDocument extends FrontMatter {
  html: string;
  toc: TocEntry[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A description longer than this is cut by search engines; keep it inside. */
export const MAX_DESCRIPTION_CHARS = 120;

/** Reads the `key: value` lines between the leading `---` fences. Throws with the file's name. */
export function parseFrontMatter(source: string, file: string): { meta: FrontMatter; body: string } {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`${file}: front matter (--- … ---) is missing`);
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`${file}: front matter line "${line}" is not "key: value"`);
    const value = line.slice(colon + 1).trim().replace(/^(["'])(.*)\1$/, '$2');
    fields.set(line.slice(0, colon).trim(), value);
  }
  const need = (key: string): string => {
    const value = fields.get(key);
    if (!value) throw new Error(`${file}: front matter needs "${key}"`);
    return value;
  };
  const slug = need('slug');
  if (!SLUG.test(slug)) throw new Error(`${file}: slug "${slug}" must be lowercase words joined by "-"`);
  const order = Number(need('order'));
  if (!Number.isInteger(order)) throw new Error(`${file}: order must be an integer`);
  const updated = need('updated');
  if (!ISO_DATE.test(updated) || Number.isNaN(Date.parse(updated))) throw new Error(`${file}: updated must be YYYY-MM-DD`);
  const description = need('description');
  if ([...description].length > MAX_DESCRIPTION_CHARS) throw new Error(`${file}: description over ${MAX_DESCRIPTION_CHARS} characters`);
  return { meta: { slug, title: need('title'), order, updated, description }, body: source.slice(match[0].length) };
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'code', 'pre', 'blockquote',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'br', 'img', 'figure', 'figcaption', 'kbd',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    h2: ['id'],
    h3: ['id'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['align'],
    td: ['align', 'data-label'],
  },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  transformTags: {
    // Outside links open in a new tab without handing over the opener.
    a: (tagName, attribs) =>
      /^https?:/.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }
        : { tagName, attribs },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

function stripTags(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").trim();
}

/**
 * Each body cell of a table gets its column's heading as `data-label`: on a phone the
 * prose styles stack a row's cells and show that label before each one, so a wide
 * table (the privacy policy's) reads as cards instead of three squeezed columns.
 */
export function labelTableCells(html: string): string {
  return html.replace(/<table>([\s\S]*?)<\/table>/g, (table: string, inner: string) => {
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(inner)?.[1] ?? '';
    const labels = [...head.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => stripTags(m[1]!).replace(/"/g, '&quot;'));
    if (labels.length === 0) return table;
    return table.replace(/<tr>([\s\S]*?)<\/tr>/g, (row: string, cells: string) => {
      let i = 0;
      const labelled = cells.replace(/<td([^>]*)>/g, (_cell: string, attrs: string) => {
        const label = labels[i++];
        return label ? `<td${attrs} data-label="${label}">` : `<td${attrs}>`;
      });
      return `<tr>${labelled}</tr>`;
    });
  });
}

/** Markdown → sanitised HTML; h2/h3 get ids (s1, s2, …) and make up the table of contents. */
export function renderMarkdown(body: string): { html: string; toc: TocEntry[] } {
  const raw = new Marked({ gfm: true }).parse(body, { async: false });
  const toc: TocEntry[] = [];
  const withIds = raw.replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_whole, level: string, inner: string) => {
    const id = `s${toc.length + 1}`;
    toc.push({ id, text: stripTags(inner), level: Number(level) as 2 | 3 });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: sanitizeHtml(labelTableCells(withIds), SANITIZE), toc };
}

export function renderDocument(source: string, file: string): RenderedDocument {
  const { meta, body } = parseFrontMatter(source, file);
  return { ...meta, ...renderMarkdown(body) };
}

/** Checks a set of guide articles: unique slugs and orders, slug = file name. Returns them by order. */
export function checkGuide(docs: { file: string; doc: RenderedDocument }[]): RenderedDocument[] {
  const slugs = new Set<string>();
  const orders = new Set<number>();
  for (const { file, doc } of docs) {
    const base = file.replace(/^.*[\\/]/, '').replace(/\.md$/, '');
    if (base !== doc.slug) throw new Error(`${file}: the file name must be the slug (${doc.slug}.md)`);
    if (slugs.has(doc.slug)) throw new Error(`${file}: slug "${doc.slug}" is used twice`);
    if (orders.has(doc.order)) throw new Error(`${file}: order ${doc.order} is used twice`);
    slugs.add(doc.slug);
    orders.add(doc.order);
  }
  return docs.map((d) => d.doc).sort((a, b) => a.order - b.order);
}
