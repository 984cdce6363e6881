import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ContainerExplanations } from '@/components/pods/ContainerExplanations';
import { ErrorState } from '@/components/ui/ErrorState';
import { FirstLines } from '@/components/pods/FirstLines';
import { PodEvidence } from '@/components/pods/PodEvidence';
import { PodEnds } from '@/components/terminations/PodEnds';
import { WithTimes } from '@/components/ui/Time';
import { RunbookCommands } from '@/components/pods/RunbookCommands';
import { podCommands } from '@/components/pods/runbook-commands';
import { nextPodRefusals, podAdviceFor } from '@/lib/domain';
import { isNotThere } from '@/lib/errors';
import type { Cluster } from '@/lib/cluster/cluster';
import { clusterOfPage } from '@/lib/http/cluster';
import { pageSignal } from '@/lib/http/page-signal';
import { parsePodRef } from '@/lib/http/params';
import { rightsOfPage } from '@/lib/http/viewer';
import { explainedPodFor } from '@/lib/views/explain';
import type { Explanation } from '@/lib/views/explain-types';
import type { Rights } from '@/lib/domain/rights';
import { readTodaysFit } from '@/lib/views/next-table-fit';
import { attempt } from '@/lib/views/part';
import { readPodMemoryShared, type PodMemory } from '@/lib/views/pod-memory';
import { readPodEnds } from '@/lib/views/pod-terminations';
import { podsInNamespacePath } from '@/lib/routes';
import { Suspense } from 'react';
import { WorkloadConfidenceCard } from '@/components/confidence/WorkloadConfidenceCard';
import { readWorkloadConfidenceShared } from '@/lib/views/row-confidence';
import { ClusterLink } from '@/components/shell/ClusterName';

interface Props {
  params: Promise<{ namespace: string; pod: string; cluster: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { namespace, pod } = await params;
  return { title: `${pod} · ${namespace} · memdash` };
}

/** Why each container of one pod has its memory request: the same explanation the API answers. */
export default async function PodPage({ params }: Props) {
  const asked = await params;
  const { namespace, pod } = asked;
  const cluster = clusterOfPage(asked);
  const now = new Date();
  // a browser that leaves stops the Prometheus reads below, once nobody else shares them
  const signal = pageSignal();
  const read = await attempt(async () => {
    const ref = parsePodRef({ namespace, name: pod });
    const rights = await rightsOfPage();
    // outside the asker's namespaces this throws before anything is asked, Prometheus included
    const explanation = explainedPodFor(cluster, rights, ref);
    // Prometheus is asked at once, beside the explanation; the working set is streamed in when it answers
    const memory: Promise<PodMemory> = attempt(() => readPodMemoryShared(cluster, ref, signal)).then((r) => (r.ok ? r.value : r));
    const explained = await explanation;
    // how its containers ended: a part of its own, so a store or events that cannot be read leave the rest
    const ends = await attempt(() => readPodEnds(cluster, ref, explained));
    const refusals = await nextPodRefusalsOf(cluster, rights, explained.explanation, now);
    return { explanation: explained.explanation, memory, ends, refusals };
  });
  if (!read.ok) {
    // a name Kubernetes would refuse, or a pod that is not there: a real 404, rendered by ./not-found.tsx
    if (isNotThere(read.error)) notFound();
    return (
      <>
        <PodTitle namespace={namespace} pod={pod} />
        <ErrorState error={read.error} />
      </>
    );
  }
  const { explanation, memory, ends, refusals } = read.value;
  const commands = podCommands({ namespace, pod, workload: explanation.workload?.name ?? null }, cluster.facts);
  const advice = podAdviceFor({
    namespace,
    workload: explanation.workload,
    kubectl: cluster.facts.kubectl,
    containers: explanation.containers,
    eviction: ends.ok ? ends.value.eviction : null,
    refusals,
  });
  return (
    <div className="space-y-4">
      <PodTitle namespace={namespace} pod={pod} />
      <FirstLines advice={advice} />
      <PodEvidence explanation={explanation} now={now} />
      <ContainerExplanations containers={explanation.containers} memory={memory} now={now} />
      <PodEnds ends={ends} now={now} />
      {explanation.workload && (
        <Suspense fallback={<p className="text-zinc-600">Measuring how sure its rows are (28 days from Prometheus)…</p>}>
          <WorkloadConfidenceCard
            namespace={namespace}
            workload={explanation.workload.name}
            read={attempt(() =>
              readWorkloadConfidenceShared(
                cluster,
                namespace,
                explanation.workload!.name,
                explanation.containers.map((c) => c.name),
                signal,
              ),
            ).then((r) => (r.ok ? r.value : r))}
          />
        </Suspense>
      )}
      <Limits limits={explanation.limits} now={now} />
      <RunbookCommands commands={commands} />
    </div>
  );
}

/**
 * Why the workload's next pod would not run with today's table, as the home and workload pages' fit says: read only
 * when a restart is what the verdicts ask for. A fit that cannot be read leaves the advice as the verdicts make it.
 */
async function nextPodRefusalsOf(cluster: Cluster, rights: Rights, explanation: Explanation, now: Date): Promise<string[]> {
  const w = explanation.workload;
  if (!w || !explanation.containers.some((c) => c.verdict === 'stale')) return [];
  const fit = await attempt(() => readTodaysFit(cluster, rights, now, { namespace: explanation.pod.namespace, name: w.name }));
  return fit.ok ? nextPodRefusals(fit.value.report, explanation.pod.namespace, w.name) : [];
}

function PodTitle({ namespace, pod }: { namespace: string; pod: string }) {
  return (
    <h1 className="mb-3 text-lg font-semibold">
      <ClusterLink href={podsInNamespacePath(namespace)} className="font-mono text-zinc-600">
        {namespace}
      </ClusterLink>
      <span className="text-zinc-400"> / </span>
      <span className="font-mono" data-testid="pod-name">
        {pod}
      </span>
    </h1>
  );
}

/** What this page cannot know yet; stated, so nobody reads more into a verdict than it holds. */
function Limits({ limits, now }: { limits: string[]; now: Date }) {
  return (
    <section className="rounded border border-amber-200 bg-amber-50 p-3" data-testid="limits">
      <h2 className="font-semibold">What these verdicts cannot know</h2>
      <ul className="mt-1 list-disc pl-5">
        {limits.map((l) => (
          <li key={l}>
            <WithTimes text={l} now={now} />
          </li>
        ))}
      </ul>
    </section>
  );
}
