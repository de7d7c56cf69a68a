import type { HelpInfo } from '@/api/help/get-help';
import { mapsHref, telHref } from '@/lib/format';

/** One line of 'Contact Us' or "We're Social": what it is, what it shows, where it leads. */
export interface HelpLine {
  key: string;
  label: string;
  text: string;
  href: string;
  /** Opens in a new tab (a web page), not in place (a phone call). */
  external: boolean;
}

export const HELP_TEXT = {
  helpDesk: 'HelpDesk',
  contactUs: 'Contact Us',
  social: "We're Social",
  main: 'Main',
  supportUs: 'Support (US)',
  supportInternational: 'Support (International)',
  website: 'Website',
  address: 'Address',
} as const;

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** 'Contact Us': the three phones (tap to call), the website and the address (opens maps); a line whose value is '' is left out. */
export function contactLines(help: HelpInfo): HelpLine[] {
  const lines: HelpLine[] = [];
  const phone = (key: string, label: string, number: string) => {
    if (present(number)) lines.push({ key, label, text: number.trim(), href: telHref(number), external: false });
  };
  phone('main', HELP_TEXT.main, help.mainPhone);
  phone('supportUs', HELP_TEXT.supportUs, help.supportUsPhone);
  phone('supportInternational', HELP_TEXT.supportInternational, help.supportInternationalPhone);
  if (present(help.website)) lines.push({ key: 'website', label: HELP_TEXT.website, text: help.website.trim(), href: help.website.trim(), external: true });
  if (present(help.address)) lines.push({ key: 'address', label: HELP_TEXT.address, text: help.address.trim(), href: mapsHref(help.address), external: true });
  return lines;
}

/** "We're Social": each named link; one without a name or an address is left out. */
export function socialLines(help: HelpInfo): HelpLine[] {
  return (help.social ?? [])
    .filter((s) => present(s.name) && present(s.url))
    .map((s, i) => ({ key: `social-${i}`, label: s.name.trim(), text: s.name.trim(), href: s.url.trim(), external: true }));
}
