// The JSON of GET /api/search: the Ctrl/Cmd-K jump's pods, in every cluster the asker may read. Types only: the
// browser imports it.
import type { PartError } from '@/lib/domain/part';
import type { PodSummary } from './pods-types';

/** A pod found, naming the cluster it runs in. */
export interface FoundPod extends PodSummary {
  cluster: string;
}

/** Each cluster searched: how many pods matched there (before the cap), or why it could not be searched. */
export type ClusterSearched = { cluster: string; total: number } | { cluster: string; error: PartError };

export interface SearchAnswer {
  /** Cluster by cluster in the configured order, at most the asked limit from each. */
  pods: FoundPod[];
  /** The clusters searched, in the same order: only those the asker may read are named. */
  clusters: ClusterSearched[];
}
