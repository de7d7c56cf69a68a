import { createElement, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { keepModule, lazyComponent } from './kept-module';

const Hello = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);
const page = (Component: ComponentType<{ name: string }>) => createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Component, { name: 'Ada' }));

describe('keepModule', () => {
  it('loads once and then hands the module over at once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const kept = keepModule(load);
    expect(kept.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([kept(), kept()]);
    expect(a).toBe(b);
    expect(kept.loaded()).toBe(a);
    await kept();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ default: Hello });
    const kept = keepModule(load);
    await expect(kept()).rejects.toThrow('offline');
    expect(kept.loaded()).toBeUndefined();
    await expect(kept()).resolves.toEqual({ default: Hello });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyComponent', () => {
  it('draws the component in the first render once its module has loaded', async () => {
    const kept = keepModule(() => Promise.resolve({ Hello }));
    await kept();
    expect(renderToString(page(lazyComponent(kept, (m) => m.Hello)))).toContain('Hello Ada');
  });

  it('suspends, as React.lazy does, while the module is not there yet', () => {
    const kept = keepModule(() => new Promise<{ Hello: typeof Hello }>(() => undefined));
    const html = renderToString(page(lazyComponent(kept, (m) => m.Hello)));
    expect(html).toContain('Loading');
    expect(html).not.toContain('Hello Ada');
  });
});
