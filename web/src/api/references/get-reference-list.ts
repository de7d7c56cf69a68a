import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListOptions } from '@/lib/session-lists';
import { api } from '../client';
import { unwrap } from '../errors';
import type { paths } from '../schema';

type ReferencePath = Extract<keyof paths, `/api/references/1/${string}`>;
export type ReferenceListName = ReferencePath extends `/api/references/1/${infer Name}` ? Name : never;
type ReferenceItem<N extends ReferenceListName> =
  paths[`/api/references/1/${N}`]['get']['responses'][200]['content']['application/json'][number];

/** The reference lists fetched once after login and then cached (spec part 1, section 3). */
export const REFERENCE_LISTS = [
  'offices',
  'feeSchedules',
  'languages',
  'maritalStatuses',
  'employmentStatuses',
  'patientRelationships',
  'phoneTypes',
  'sexTypes',
] as const satisfies readonly ReferenceListName[];

/** A reference list that is not an array yields an empty list. */
export function asList<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function referenceListQueryOptions<N extends ReferenceListName>(name: N) {
  return queryOptions({
    queryKey: ['references', name] as const,
    ...sessionListOptions(name, async (): Promise<ReferenceItem<N>[]> => {
      const path = `/api/references/1/${name}` as ReferencePath;
      return asList<ReferenceItem<N>>(unwrap(await api.GET(path)));
    }),
  });
}

export function useReferenceList<N extends ReferenceListName>(name: N) {
  return useQuery(referenceListQueryOptions(name));
}
