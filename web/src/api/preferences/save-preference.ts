import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { api } from '../client';
import { unwrap } from '../errors';
import { cachePreferences, parsePreferences, type PreferenceKey, type Preferences } from './model';
import { preferencesQueryKey } from './get-preferences';

export interface SavePreferenceInput<K extends PreferenceKey = PreferenceKey> {
  key: K;
  update: Preferences[K];
}

/** POST /api/preferences/save {key, update}; answers {key: newValue}. */
export async function savePreference({ key, update }: SavePreferenceInput): Promise<unknown> {
  const data = unwrap(await api.POST('/api/preferences/save', { body: { key, update } }));
  return (data as Record<string, unknown>)[key];
}

/**
 * Saves one preference at once and applies it immediately (optimistically; rolled
 * back if the server refuses it).
 */
export function useSavePreference() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  const key = preferencesQueryKey(userId);
  return useMutation({
    mutationFn: savePreference,
    onMutate: async (input: SavePreferenceInput) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Preferences>(key);
      if (previous) queryClient.setQueryData<Preferences>(key, { ...previous, [input.key]: input.update });
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (value, input) => {
      const current = queryClient.getQueryData<Preferences>(key);
      if (!current) return;
      const next = parsePreferences({ ...current, [input.key]: value ?? input.update });
      queryClient.setQueryData(key, next);
      cachePreferences(userId, next);
    },
  });
}
