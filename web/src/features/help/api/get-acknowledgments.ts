import { queryOptions, useQuery } from '@tanstack/react-query';

export interface Acknowledgment {
  name: string;
  version: string;
  license: string;
  homepage?: string;
}

/** The list of bundled open-source packages, written next to the app at build time (not an API call). */
export async function fetchAcknowledgments(): Promise<Acknowledgment[]> {
  const response = await fetch(`${import.meta.env.BASE_URL}acknowledgments.json`, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The list of packages could not be loaded (${response.status})`);
  const data: unknown = await response.json();
  return Array.isArray(data) ? (data as Acknowledgment[]) : [];
}

export const acknowledgmentsQueryOptions = () =>
  queryOptions({ queryKey: ['acknowledgments'] as const, queryFn: fetchAcknowledgments, staleTime: Infinity });

export const useAcknowledgments = () => useQuery(acknowledgmentsQueryOptions());
