'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { shellQuote as q, type ProbeAnswer, type ProbeOutcome } from '@/lib/domain';
import { CopyButton } from '@/components/ui/CopyButton';
import { Time } from '@/components/ui/Time';
import { Tag } from '@/components/ui/Tag';
import { Card } from '@/components/ui/Card';
import { ErrorText } from '@/components/ui/ErrorText';
import { Button } from '@/components/ui/Button';

const WORDS: Record<ProbeOutcome, { text: string; tone: 'good' | 'bad' | 'warn' }> = {
  admitted: { text: 'admitted', tone: 'good' },
  unreachable: { text: 'refused: webhook cannot be called', tone: 'bad' },
  denied: { text: 'denied by the policy', tone: 'bad' },
  refused: { text: 'refused by something else', tone: 'warn' },
};

/** The runbook's dry-run probe: its last answer explained, a button to run it now, and the command. */
export function ProbePanel(props: { probe: UseQueryResult<ProbeAnswer>; namespace: string; kubectl: string; pod: string; image: string }) {
  const { probe, namespace, kubectl, pod, image } = props;
  // The same pod, image and namespace the server's probe creates (lib/k8s/probe.ts), from the settings; quoted
  // like every command shown for pasting.
  const command = `${kubectl} -n ${q(namespace)} run ${q(pod)} --image=${q(image)} --restart=Never --dry-run=server -o name`;
  const answer = probe.data;
  return (
    <Card data-testid="probe" data-outcome={answer?.outcome ?? ''}>
      <div className="flex items-center gap-3">
        <h2 className="font-semibold">Probe: a dry-run pod create in {namespace}</h2>
        <Button look="quiet" type="button" onClick={() => void probe.refetch()} disabled={probe.isFetching}>
          {probe.isFetching ? 'Probing…' : 'Run the probe'}
        </Button>
      </div>
      {probe.error ? (
        <ErrorText as="p" deep className="mt-2 font-mono" data-testid="probe-error">
          {probe.error.message}
        </ErrorText>
      ) : answer ? (
        <div className="mt-2 space-y-1">
          <p>
            <Tag tone={WORDS[answer.outcome].tone}>{WORDS[answer.outcome].text}</Tag> <Time at={answer.at} now={new Date()} />
          </p>
          <p>{answer.explanation}</p>
          {answer.message && <p className="font-mono text-xs break-words text-zinc-700">{answer.message}</p>}
        </div>
      ) : (
        <p className="mt-2 text-zinc-500">probing…</p>
      )}
      <p className="mt-2 flex items-center gap-2 text-xs text-zinc-600">
        <code className="break-all">{command}</code> <CopyButton text={command} />
      </p>
    </Card>
  );
}
