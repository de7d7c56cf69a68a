import { expect, test } from './fixtures';

test.describe('Installable app', () => {
  test.use({ serviceWorkers: 'allow' });

  test('has a manifest, icons and a service worker that never caches /api', async ({ page, loginScreen }) => {
    await loginScreen.goto();
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await page.request.get(new URL(href!, page.url()).toString())).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Pocketchart', start_url: '/app/', scope: '/app/', display: 'standalone', theme_color: '#29aae1' });
    const icons = manifest['icons'] as Array<{ src: string; sizes: string; purpose?: string }>;
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const response = await page.request.get(new URL(icon.src, new URL(href!, page.url())).toString());
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('image/png');
    }

    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/app/');

    await loginScreen.loginAsDemo();
    await page.goto('preferences');
    await expect(page.getByRole('combobox', { name: 'Default View' })).toBeVisible();
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);
    expect(cached).toContain('/app/index.html');
  });
});
