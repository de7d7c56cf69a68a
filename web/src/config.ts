/**
 * Deployment settings read at build time (Vite env). The spec names help links and
 * contact details but not their values (part 2, "Help": "The values are not shown"),
 * so a practice or reseller sets them when building; unset links are not shown.
 */
export interface HelpLink {
  label: string;
  href: string;
}

function link(label: string, value: string | undefined, prefix = ''): HelpLink[] {
  const v = value?.trim();
  return v ? [{ label, href: `${prefix}${v}` }] : [];
}

export const HELP_LINKS: HelpLink[] = [
  ...link('Help Desk', import.meta.env.VITE_HELP_DESK_URL),
  ...link('Support Website', import.meta.env.VITE_SUPPORT_WEBSITE),
  ...link('Call Support', import.meta.env.VITE_SUPPORT_PHONE, 'tel:'),
  ...link('Email Support', import.meta.env.VITE_SUPPORT_EMAIL, 'mailto:'),
];

export const COPYRIGHT_HOLDER: string = import.meta.env.VITE_COPYRIGHT_HOLDER?.trim() || 'Pocketchart';
