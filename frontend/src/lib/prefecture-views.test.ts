import prefecturesTsv from '../../../data/prefectures.tsv?raw';
import { describe, expect, it } from 'vitest';
import { PREFECTURE_CODES } from './prefecture-codes';
import { prefectureView } from './prefecture-views';

/** data/prefectures.tsv rows: code, name, region, lat, lng, zoom. */
const rows = prefecturesTsv
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'));

const twoDecimals = (v: string) => Math.round(Number(v) * 100) / 100;

describe('prefectureView', () => {
  it('has the view GET /prefectures serves for every row of data/prefectures.tsv', () => {
    expect(rows).toHaveLength(47);
    for (const [code, , , lat, lng, zoom] of rows) {
      expect(prefectureView(code), code).toEqual({ center: [twoDecimals(lat!), twoDecimals(lng!)], zoom: Number(zoom) });
    }
  });

  it('knows every code the profile names map to', () => {
    for (const code of Object.values(PREFECTURE_CODES)) expect(prefectureView(code), code).toBeDefined();
  });

  it('gives nothing for unknown codes, empty input or inherited object keys', () => {
    expect(prefectureView('atlantis')).toBeUndefined();
    expect(prefectureView('')).toBeUndefined();
    expect(prefectureView(null)).toBeUndefined();
    expect(prefectureView('constructor')).toBeUndefined();
  });
});
