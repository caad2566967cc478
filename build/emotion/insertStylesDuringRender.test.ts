// Emotion's styles are added while React renders (sliced), not in the commit (build/emotion/).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { EMOTION_INSERTION_EFFECT, INSERT_DURING_RENDER } from './insertStylesDuringRender';

const require = createRequire(import.meta.url);

describe('emotion styles inserted during render', () => {
  it('matches the helper as emotion’s styled components and css prop import it', () => {
    const files = [require.resolve('@emotion/styled/base').replace(/[^\\/]+$/, 'emotion-styled-base.browser.esm.js'), path.join(path.dirname(require.resolve('@emotion/react')), 'emotion-react.browser.esm.js')];
    const elementFile = fs.readdirSync(path.dirname(require.resolve('@emotion/react'))).find((f) => /^emotion-element-.*\.browser\.esm\.js$/.test(f));
    expect(elementFile).toBeDefined();
    files.push(path.join(path.dirname(require.resolve('@emotion/react')), elementFile ?? ''));
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const request = /from ["'](@emotion\/use-insertion-effect[^"']*)["']/.exec(source)?.[1];
      expect(request, file).toBeDefined();
      expect(EMOTION_INSERTION_EFFECT.test(request ?? ''), `${file}: ${request}`).toBe(true);
    }
    expect(fs.existsSync(INSERT_DURING_RENDER)).toBe(true);
  });

  it('runs the insertion at once (during render), and keeps an effect for global styles', async () => {
    const replacement = (await import('./insertDuringRender')) as unknown as { useInsertionEffectAlwaysWithSyncFallback: (create: () => unknown) => unknown; useInsertionEffectWithLayoutFallback: unknown };
    const insert = vi.fn(() => 'inserted');
    expect(replacement.useInsertionEffectAlwaysWithSyncFallback(insert)).toBe('inserted');
    expect(insert).toHaveBeenCalledTimes(1);
    const React = await import('react');
    expect(replacement.useInsertionEffectWithLayoutFallback).toBe(React.useInsertionEffect);
  });
});
