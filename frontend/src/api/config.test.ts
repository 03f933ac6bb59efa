import { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { api, configFixture, ok } from '@/testing/handlers';
import { server } from '@/testing/server';
import { configQueryOptions, INLINE_CONFIG_ID, inlineDemoData, inlineSiteConfig } from './config';

/** The page as the server writes it (adapters/http site_pages.cpp: with_inline_config). */
function inline(text: string) {
  const script = document.createElement('script');
  script.id = INLINE_CONFIG_ID;
  script.type = 'application/json';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => document.getElementById(INLINE_CONFIG_ID)?.remove());

describe("the page's inlined GET /config", () => {
  it('is read and validated like the API answer, with the server\'s \\u escapes undone', () => {
    inline(JSON.stringify({ ...configFixture, demo_data: true }).replace('"test"', '"\\u003ca href=\\"x\\"\\u003eOSM\\u003c/a\\u003e"'));
    const config = inlineSiteConfig();
    expect(config?.demo_data).toBe(true);
    expect(config?.tile_attribution).toBe('<a href="x">OSM</a>');
    expect(config?.limits.max_images_per_submission).toBe(3);
    expect(inlineDemoData()).toBe(true);
  });

  it('is ignored when missing, malformed or not the schema', () => {
    expect(inlineSiteConfig()).toBeUndefined();
    expect(inlineDemoData()).toBe(false);
    inline('{"demo_data":');
    expect(inlineSiteConfig()).toBeUndefined();
    expect(inlineDemoData()).toBe(false);
    document.getElementById(INLINE_CONFIG_ID)?.remove();
    inline(JSON.stringify({ demo_data: true }));
    expect(inlineSiteConfig()).toBeUndefined();
  });

  it('answers the config query without a request; a page without it asks the server', async () => {
    let asked = 0;
    server.use(
      http.get(api('/config'), () => {
        asked += 1;
        return ok(configFixture);
      }),
    );
    inline(JSON.stringify({ ...configFixture, demo_data: true }));
    const withInline = new QueryClient();
    expect((await withInline.fetchQuery(configQueryOptions())).demo_data).toBe(true);
    expect(asked).toBe(0);

    document.getElementById(INLINE_CONFIG_ID)?.remove();
    const without = new QueryClient();
    expect((await without.fetchQuery(configQueryOptions())).demo_data).toBe(false);
    expect(asked).toBe(1);
  });
});
