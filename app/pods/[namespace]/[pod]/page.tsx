import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ContainerExplanations } from '@/components/ContainerExplanations';
import { ErrorState } from '@/components/ErrorState';
import { PodEvidence } from '@/components/PodEvidence';
import { RunbookCommands } from '@/components/RunbookCommands';
import { podCommands } from '@/components/runbook-commands';
import { settings } from '@/lib/config';
import { failureOf, isNotThere } from '@/lib/errors';
import { explainPodByRef, type Explanation } from '@/lib/explain';

interface Props {
  params: Promise<{ namespace: string; pod: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { namespace, pod } = await params;
  return { title: `${pod} · ${namespace} · memdash` };
}

/** Why each container of one pod has its memory request: the same explanation the API answers. */
export default async function PodPage({ params }: Props) {
  const { namespace, pod } = await params;
  const now = new Date();
  let explanation: Explanation;
  try {
    explanation = await explainPodByRef({ namespace, name: pod }, now);
  } catch (err) {
    const error = failureOf(err);
    if (isNotThere(error)) notFound(); // a real 404, rendered by ./not-found.tsx
    return (
      <>
        <PodTitle namespace={namespace} pod={pod} />
        <ErrorState error={error} />
      </>
    );
  }
  const commands = podCommands({ namespace, pod, workload: explanation.workload?.name ?? null }, settings());
  return (
    <div className="space-y-4">
      <PodTitle namespace={namespace} pod={pod} />
      <PodEvidence explanation={explanation} now={now} />
      <ContainerExplanations containers={explanation.containers} />
      <Limits limits={explanation.limits} />
      <RunbookCommands commands={commands} />
    </div>
  );
}

function PodTitle({ namespace, pod }: { namespace: string; pod: string }) {
  return (
    <h1 className="mb-3 text-lg font-semibold">
      <Link href={`/pods?namespace=${encodeURIComponent(namespace)}`} className="font-mono text-zinc-600">
        {namespace}
      </Link>
      <span className="text-zinc-400"> / </span>
      <span className="font-mono" data-testid="pod-name">
        {pod}
      </span>
    </h1>
  );
}

/** What this page cannot know yet; stated, so nobody reads more into a verdict than it holds. */
function Limits({ limits }: { limits: string[] }) {
  return (
    <section className="rounded border border-amber-200 bg-amber-50 p-3" data-testid="limits">
      <h2 className="font-semibold">What these verdicts cannot know</h2>
      <ul className="mt-1 list-disc pl-5">
        {limits.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </section>
  );
}
