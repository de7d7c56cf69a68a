import { describe, expect, it } from 'vitest';
import type { HelpInfo } from '@/api/help/get-help';
import { contactLines, socialLines } from './help-lines';

const DEMO: HelpInfo = {
  helpDeskUrl: 'https://help.pocketchart.example/',
  mainPhone: '(503) 555-0100',
  supportUsPhone: '(800) 555-0199',
  supportInternationalPhone: '+1 503 555 0142',
  website: 'https://www.pocketchart.example/',
  address: '1200 NW Naito Pkwy, Suite 300\nPortland, OR 97209',
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/pocketchart.example' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/pocketchart-example' },
    { name: 'YouTube', url: 'https://www.youtube.com/@pocketchart.example' },
  ],
};

describe('help lines', () => {
  it('makes the phones tap-to-call, the website a page and the address a maps link', () => {
    const lines = contactLines(DEMO);
    expect(lines.map((l) => [l.label, l.href])).toEqual([
      ['Main', 'tel:5035550100'],
      ['Support (US)', 'tel:8005550199'],
      ['Support (International)', 'tel:+15035550142'],
      ['Website', 'https://www.pocketchart.example/'],
      ['Address', 'https://www.google.com/maps/search/?api=1&query=1200%20NW%20Naito%20Pkwy%2C%20Suite%20300%2C%20Portland%2C%20OR%2097209'],
    ]);
    expect(lines.find((l) => l.key === 'address')?.text).toBe('1200 NW Naito Pkwy, Suite 300\nPortland, OR 97209');
    expect(lines.filter((l) => l.external).map((l) => l.key)).toEqual(['website', 'address']);
  });

  it('hides the lines the practice has not set', () => {
    const lines = contactLines({ ...DEMO, mainPhone: '', supportInternationalPhone: '  ', website: '', address: '' });
    expect(lines.map((l) => l.label)).toEqual(['Support (US)']);
    expect(socialLines({ ...DEMO, social: [{ name: 'Facebook', url: '' }, { name: 'YouTube', url: 'https://y.example' }] }).map((l) => l.label)).toEqual(['YouTube']);
    expect(socialLines(DEMO)).toHaveLength(3);
  });
});
