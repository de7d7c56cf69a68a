import { useSavePreference } from '@/api/preferences/save-preference';
import type { ClinicalWidget } from './types';

/**
 * Saves the clinicalSummary preference (the board shows it at once: the preference save is
 * optimistic and rolled back if the server refuses it).
 */
export function useSaveClinicalSummary() {
  const save = useSavePreference();
  return {
    save: (widgets: ClinicalWidget[]) => save.mutateAsync({ key: 'clinicalSummary', update: widgets }),
    saving: save.isPending,
  };
}
