import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, type Rollup } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { LAZY_COMMON_MODULES } from './chunks';

/**
 * The lazy routes' shared modules form one `common` chunk (chunks.ts), and the entry must
 * not load it. When the entry's static graph reaches that chunk, the two chunks import
 * each other; a module of `common` that reads one of the entry's bindings at load time
 * then reads it before the entry has set it (a schema spread of `undefined` silently
 * dropped the sale terms of every report). A real production build, into a temporary
 * directory, answers both questions.
 */
const frontend = resolve(__dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'pokeca-chunks-'));

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

async function chunks(): Promise<Rollup.OutputChunk[]> {
  const result = await build({
    root: frontend,
    configFile: join(frontend, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs.flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
}

describe('the common chunk of the lazy routes', () => {
  it('is not in the entry’s static graph, and no chunk it imports imports it back', async () => {
    const all = await chunks();
    const byName = new Map(all.map((c) => [c.fileName, c]));
    const entry = all.find((c) => c.isEntry)!;
    const common = all.find((c) => c.name === 'common')!;
    expect(entry).toBeDefined();
    expect(common).toBeDefined();
    const reached = new Set<string>();
    const stack = [entry.fileName];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      stack.push(...(byName.get(file)?.imports ?? []));
    }
    expect(reached.has(common.fileName)).toBe(false);
    const commonModules = Object.keys(common.modules).map((id) => id.replace(/\\/g, '/'));
    for (const wanted of LAZY_COMMON_MODULES.filter((m) => m.startsWith('/src/')))
      expect(commonModules.some((id) => id.endsWith(wanted)), wanted).toBe(true);
  }, 120_000);
});
