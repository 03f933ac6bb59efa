import L from 'leaflet';
import { afterEach, describe, expect, it } from 'vitest';
import { localizeLeaflet } from './leaflet-ja';

/** Every text Leaflet writes into a map (titles, accessible names, the credit line). */
function readableTexts(root: HTMLElement): string[] {
  const out: string[] = [];
  for (const el of root.querySelectorAll<HTMLElement>('*')) {
    for (const attr of ['title', 'aria-label', 'alt']) {
      const value = el.getAttribute(attr);
      if (value) out.push(value);
    }
  }
  return out;
}

describe('localizeLeaflet', () => {
  let container: HTMLDivElement;
  afterEach(() => container?.remove());

  it('gives a map made afterwards Japanese zoom buttons, credit title and popup close button', () => {
    localizeLeaflet();
    container = document.createElement('div');
    document.body.appendChild(container);
    const map = L.map(container, { center: [35.68, 139.76], zoom: 10 });
    L.popup().setLatLng([35.68, 139.76]).setContent('店').openOn(map);

    const zoomIn = container.querySelector<HTMLElement>('.leaflet-control-zoom-in')!;
    const zoomOut = container.querySelector<HTMLElement>('.leaflet-control-zoom-out')!;
    expect(zoomIn.title).toBe('ズームイン');
    expect(zoomIn.getAttribute('aria-label')).toBe('ズームイン');
    expect(zoomOut.title).toBe('ズームアウト');
    expect(container.querySelector('.leaflet-popup-close-button')!.getAttribute('aria-label')).toBe('閉じる');
    // No English sentence is left for a user to read or hear (the library's name is a name).
    for (const text of readableTexts(container)) expect(text, text).not.toMatch(/[a-z]{2,}\s+[a-z]{2,}/i);
    map.remove();
  });
});
