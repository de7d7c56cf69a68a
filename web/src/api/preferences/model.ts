import { z } from 'zod';
import { AUTO_LOGOUT_CHOICES, DEFAULT_AUTO_LOGOUT_MINUTES } from '@/lib/constants';
import { KEYS, readItem, writeItem } from '@/lib/storage';

/**
 * The preferences this app reads, with the server's defaults (docs/preferences.md).
 * A missing or malformed value falls back to its default rather than breaking the shell.
 */
export const preferencesSchema = z.object({
  defaultView: z.number().int().catch(0),
  autoLogout: z.number().catch(DEFAULT_AUTO_LOGOUT_MINUTES),
  apptColors: z.boolean().catch(true),
  allowDx: z.boolean().catch(false),
  allowModifiers: z.boolean().catch(false),
  allowToothSurface: z.boolean().catch(false),
  recentPatients: z.array(z.number().int()).catch([]),
  defaultOrdersView: z.enum(['mine', 'all']).catch('mine'),
  defaultSchedulingView: z.enum(['dayView', 'listView']).catch('dayView'),
});

export type Preferences = z.infer<typeof preferencesSchema>;
export type PreferenceKey = keyof Preferences;

export const PREFERENCE_KEYS = Object.keys(preferencesSchema.shape) as PreferenceKey[];

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});

export function parsePreferences(raw: unknown): Preferences {
  return preferencesSchema.parse(raw && typeof raw === 'object' ? raw : {});
}

export { AUTO_LOGOUT_CHOICES };

/** Preferences are also kept in the browser per user id (spec part 1, section 3); cleared at logout. */
export function cachedPreferences(userId: number): Preferences | undefined {
  const raw = readItem(`${KEYS.preferencesPrefix}${userId}`);
  if (!raw) return undefined;
  try {
    return parsePreferences(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export function cachePreferences(userId: number, preferences: Preferences): void {
  writeItem(`${KEYS.preferencesPrefix}${userId}`, JSON.stringify(preferences));
}
