import { describe, expect, it } from 'vitest';
import { ja } from '@/i18n/ja';
import { jaAdmin } from '@/i18n/ja-admin';
import { jaLottery } from '@/i18n/ja-lottery';
import { jaReport } from '@/i18n/ja-report';
import { jaWatches } from '@/i18n/ja-watches';

/**
 * The guide names the site's controls in 「」 (「投稿する」ボタン, 「報告する」から, …). Each name
 * must be a label the site really shows, i.e. a whole message of the messages modules: an
 * article that sends readers to a control the screens do not have (「＋」, 「凡例」) fails here.
 * Controls of the browser or the phone (not the site's) are listed apart.
 */
const GUIDE = import.meta.glob<string>('../../../../content/guide/*.md', { query: '?raw', import: 'default', eager: true });
/** A quoted name, an optional （gloss）, then a word that makes it a control to press or open. */
const CONTROL = /「([^」]+)」(?:（[^）]*）)?(?:ボタン|を押|を選|タブ|から|の一覧)/g;
/** The browser's and the phone's own controls, which the guide may name. */
const NOT_THE_SITES = new Set(['ホーム画面に追加', '共有']);

const labels = new Set<string>(
  [ja, jaAdmin, jaLottery, jaReport, jaWatches].flatMap((messages) => Object.values(messages)).map((v) => v.trim()),
);

function articles(): { file: string; text: string }[] {
  return Object.entries(GUIDE).map(([path, text]) => ({ file: path.split('/').pop()!, text }));
}

function namedControls(markdown: string): string[] {
  return [...markdown.matchAll(CONTROL)].map((m) => m[1]!.trim());
}

describe('the guide names only controls that exist', () => {
  it('finds the named controls in a sentence', () => {
    expect(namedControls('右下の「＋」（店舗を投稿）ボタンを押します。「報告する」から送ります。')).toEqual(['＋', '報告する']);
  });

  it('every article finds at least the controls it names among the site’s labels', () => {
    const all = articles();
    expect(all.length).toBeGreaterThan(3);
    const missing = all.flatMap(({ file, text }) =>
      namedControls(text)
        .filter((name) => !NOT_THE_SITES.has(name) && !labels.has(name))
        .map((name) => `${file}: 「${name}」`),
    );
    expect(missing).toEqual([]);
  });

  it('the how-to-post article names the post button by its label', () => {
    const text = articles().find((a) => a.file === 'how-to-post.md')!.text;
    expect(namedControls(text)).toContain(ja['submission.open']);
  });
});
