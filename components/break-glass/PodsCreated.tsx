'use client';

import { useState } from 'react';
import {
  RESTARTS_WITHOUT_CONFIRMATION,
  VERDICT_WORDS,
  restartCommand,
  type CreatedMeanwhileGroup,
  type VerdictCode,
  formatTime,
  toDate,
  countOf,
} from '@/lib/domain';
import { AppError } from '@/lib/errors';
import { postWrite } from '@/lib/client/query';
import { clusterHref, podHref } from '@/lib/routes';
import { Time } from '@/components/ui/Time';
import { CommandLines } from '@/components/write/CommandLines';
import { GuardedAction } from '@/components/write/GuardedAction';
import type { RestartAnswer } from '@/lib/views/break-glass-types';
import { usePodsCreated } from './useBreakGlass';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ErrorText } from '@/components/ui/ErrorText';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { useClusterName } from '@/components/shell/ClusterName';

const keyOf = (g: CreatedMeanwhileGroup) => `${g.namespace}/${g.workload?.kind ?? ''}/${g.workload?.name ?? g.pods[0]!.name}`;

/** Pods created while the registration was gone, by workload with their verdicts; restart the ones that should not wait. */
export function PodsCreated({ recordedSince, kubectl }: { recordedSince: string | null; kubectl: string }) {
  const [typed, setTyped] = useState('');
  const [since, setSince] = useState('');
  const created = usePodsCreated(since);
  // The groups as they were when ticked, not as the list reads now: a restart replaces the pods that put a workload in
  // the list, so the next read drops it, and the restart's answer must stay on the page.
  const [chosen, setChosen] = useState<CreatedMeanwhileGroup[]>([]);
  const groups = created.data?.groups ?? [];
  const selected = chosen.map(keyOf);
  const toggle = (group: CreatedMeanwhileGroup) =>
    setChosen((c) => (c.some((g) => keyOf(g) === keyOf(group)) ? c.filter((g) => keyOf(g) !== keyOf(group)) : [...c, group]));
  return (
    <Card className="space-y-2" data-testid="pods-created">
      <h2 className="font-semibold">Pods created while the registration was gone</h2>
      <p className="text-zinc-700">
        They kept the request they arrived with (none, or their limit); each gets the table&apos;s number with its next pod.
      </p>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSince(typed.trim());
        }}
      >
        <label className="flex flex-col text-sm">
          <span>
            Since (UTC, RFC 3339)
            {recordedSince && (
              <>
                {' '}
                — recorded: <code>{formatTime(toDate(recordedSince) ?? new Date(0))}</code>
              </>
            )}
          </span>
          <input
            className="rounded border px-2 py-1 font-mono"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={recordedSince ?? '2026-10-06T10:00:00Z'}
            aria-label="Since"
          />
        </label>
        <Button look="field" type="submit">
          List
        </Button>
      </form>
      {created.error ? (
        <ErrorText as="p" deep data-testid="pods-created-error">
          {created.error.message}
        </ErrorText>
      ) : !created.data ? (
        <p className="text-zinc-500">reading…</p>
      ) : (
        <>
          <p className="text-sm" data-testid="pods-created-since" data-since={created.data.since}>
            {countOf(groups.length, 'workload')} with pods created since <Time at={created.data.since} now={new Date()} />
            {created.data.until && (
              <>
                {' '}
                until the registration was last back at <Time at={created.data.until} now={new Date()} />
              </>
            )}{' '}
            (
            {created.data.source === 'typed'
              ? 'typed'
              : created.data.source === 'recorded-gap'
                ? created.data.gaps.length > 1
                  ? `the incident's ${created.data.gaps.length} recorded gaps, each listed`
                  : 'the recorded gap'
                : 'the recorded deletion'}
            )
          </p>
          {created.data.gaps.length > 1 && (
            <ul className="list-disc pl-5 text-sm" data-testid="pods-created-gaps" aria-label="The registration's gaps">
              {created.data.gaps.map((g) => (
                <li key={g.from} data-testid="pods-created-gap" data-from={g.from} data-to={g.to ?? ''}>
                  Gone from <Time at={g.from} now={new Date()} />{' '}
                  {g.to ? (
                    <>
                      until <Time at={g.to} now={new Date()} />
                    </>
                  ) : (
                    'and still gone'
                  )}
                </li>
              ))}
            </ul>
          )}
          {created.data.limits.map((l) => (
            <p key={l} className="text-xs text-amber-800">
              {l}
            </p>
          ))}
          <GroupTable groups={groups} selected={selected} toggle={toggle} />
          <details>
            <summary className="cursor-pointer text-sm">The runbook&apos;s listing</summary>
            <CommandLines commands={[created.data.command]} title="SINCE" />
          </details>
        </>
      )}
      {chosen.length > 0 && <RestartAction chosen={chosen} kubectl={kubectl} />}
    </Card>
  );
}

function GroupTable({
  groups,
  selected,
  toggle,
}: {
  groups: CreatedMeanwhileGroup[];
  selected: string[];
  toggle: (group: CreatedMeanwhileGroup) => void;
}) {
  const cluster = useClusterName();
  if (groups.length === 0) return <p className="text-zinc-600">None.</p>;
  return (
    <Table>
      <thead>
        <HeadRow className="text-zinc-600">
          <Th>
            <span className="sr-only">Restart</span>
          </Th>
          <Th>Workload</Th>
          <Th>Pods</Th>
          <Th>Verdicts</Th>
        </HeadRow>
      </thead>
      <tbody>
        {groups.map((g) => {
          const key = keyOf(g);
          const label = `${g.namespace}/${g.workload?.name ?? g.pods[0]!.name}`;
          return (
            <Row key={key} className="align-top" data-testid="created-group" data-workload={label}>
              <Td>
                {g.restartable && (
                  <input type="checkbox" aria-label={`Restart ${label}`} checked={selected.includes(key)} onChange={() => toggle(g)} />
                )}
              </Td>
              <Td>
                <code>{label}</code> <span className="text-zinc-500">{g.workload?.kind ?? 'no workload'}</span>
              </Td>
              <Td>
                {g.pods.map((p) => (
                  <div key={p.name}>
                    <a href={podHref(cluster, p.namespace, p.name)} data-testid="created-pod">
                      {p.name}
                    </a>{' '}
                    <span className="text-xs text-zinc-500">
                      <Time at={p.createdAt} />
                    </span>
                  </div>
                ))}
              </Td>
              <Td>
                {Object.entries(g.verdicts).map(([v, n]) => (
                  <span key={v} className="mr-1 inline-block rounded border border-amber-300 bg-amber-50 px-1 text-xs" data-verdict={v}>
                    {VERDICT_WORDS[v as VerdictCode]} ×{n}
                  </span>
                ))}
              </Td>
            </Row>
          );
        })}
      </tbody>
    </Table>
  );
}

function RestartAction({ chosen, kubectl }: { chosen: CreatedMeanwhileGroup[]; kubectl: string }) {
  const cluster = useClusterName();
  const targets = chosen.map((g) => ({ namespace: g.namespace, kind: g.workload!.kind, name: g.workload!.name }));
  return (
    <GuardedAction
      key={targets.map((t) => `${t.namespace}/${t.name}`).join(',')}
      testId="restart-action"
      title={`Rollout restart ${targets.length === 1 ? 'this workload' : `these ${targets.length} workloads`}`}
      target={
        <>
          {targets.map((t) => (
            <code key={`${t.namespace}/${t.name}`} className="mr-2 inline-block break-all">
              {t.kind} {t.namespace}/{t.name}
            </code>
          ))}
        </>
      }
      commands={targets.map((t) => restartCommand(kubectl, t.namespace, t.kind, t.name))}
      checks={[...new Set(targets.map((t) => t.namespace))].map((namespace) => ({
        verb: 'patch',
        group: 'apps',
        resource: 'deployments',
        namespace,
      }))}
      confirm={targets.length > RESTARTS_WITHOUT_CONFIRMATION ? String(targets.length) : undefined}
      buttonLabel="Restart"
      run={async (credential) => {
        const done: RestartAnswer[] = [];
        for (const t of targets) {
          try {
            done.push(
              await postWrite<RestartAnswer>(
                clusterHref(cluster, `/api/workloads/${encodeURIComponent(t.namespace)}/${encodeURIComponent(t.name)}/restart`),
                { kind: t.kind },
                credential,
              ),
            );
          } catch (err) {
            const e = err instanceof AppError ? err : new AppError('internal', String(err));
            const before = done.length ? ` (restarted before it: ${done.map((d) => `${d.namespace}/${d.name}`).join(', ')})` : '';
            throw new AppError(e.code, `${t.namespace}/${t.name}: ${e.message}${before}`);
          }
        }
        return done;
      }}
      result={(done) => (
        <span data-testid="restart-result">
          Restarted{' '}
          {done.map((d, i) => (
            <span key={`${d.kind}/${d.namespace}/${d.name}`}>
              {i > 0 && ', '}
              {d.kind.toLowerCase()}/{d.namespace}/{d.name} at <Time at={d.restartedAt} />
            </span>
          ))}
        </span>
      )}
    />
  );
}
