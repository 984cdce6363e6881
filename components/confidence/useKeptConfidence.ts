'use client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { unpackConfidence, type RowConfidence } from '@/lib/domain';
import { fetchJson, queryKeys } from '@/lib/client/query';
import { rowConfidenceApi } from '@/lib/routes';
import { useClusterName } from '@/components/shell/ClusterName';
import type { KeptConfidenceAnswer } from '@/lib/views/row-confidence-types';

export interface KeptConfidence {
  /** Still reading, or why it could not be read. */
  state: 'reading' | 'read' | { error: string };
  /** When the latest kept preview's window ended; null when none was kept. */
  computedAt: string | null;
  /** A row's figures; null when no preview measured it. */
  of: (key: string) => RowConfidence | null;
  rows: Map<string, RowConfidence>;
}

/**
 * How sure each row is, as the latest preview kept it in the history store: read once per page, not from Prometheus.
 * `refreshAfter` (a preview's end time) reads it again once a newer preview has kept its figures.
 */
export function useKeptConfidence(refreshAfter?: string | null): KeptConfidence {
  const cluster = useClusterName();
  const read = useQuery({
    queryKey: [...queryKeys.table.confidence(cluster), refreshAfter ?? null],
    queryFn: ({ signal }) => fetchJson<KeptConfidenceAnswer>(rowConfidenceApi(cluster), signal),
    staleTime: 60_000,
  });
  const rows = useMemo(
    () => new Map(Object.entries(read.data?.rows ?? {}).map(([key, packed]) => [key, unpackConfidence(packed)])),
    [read.data],
  );
  return {
    state: read.isError ? { error: read.error.message } : read.data ? 'read' : 'reading',
    computedAt: read.data?.computedAt ?? null,
    of: (key) => rows.get(key) ?? null,
    rows,
  };
}
