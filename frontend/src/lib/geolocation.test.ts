import { describe, expect, it } from 'vitest';
import { geolocationErrorMessage, getCurrentPosition } from './geolocation';

describe('geolocation messages (SPEC §8)', () => {
  it('has a Japanese message for each error code', () => {
    expect(geolocationErrorMessage(1)).toContain('許可されていません');
    expect(geolocationErrorMessage(2)).toContain('取得できませんでした');
    expect(geolocationErrorMessage(3)).toContain('タイムアウト');
    expect(geolocationErrorMessage(9, 'boom')).toContain('コード: 9');
  });

  it('rejects with the unsupported-browser message when there is no geolocation', async () => {
    await expect(getCurrentPosition(undefined)).rejects.toThrow('お使いのブラウザは位置情報に対応していません');
  });
});
