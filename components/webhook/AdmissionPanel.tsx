import { podPath } from '@/lib/routes';
import type { AdmissionPod, AdmissionReplicas, DisruptionBudget } from '@/lib/views/webhook-health-types';
import type { Part } from '@/lib/views/webhook-health-types';
import { Time } from '@/components/ui/Time';
import { useRenderNow } from '@/components/ui/RenderNow';
import { Tag } from '@/components/ui/Tag';
import { Fact, Panel } from './Panel';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { ClusterLink } from '@/components/shell/ClusterName';

interface Props {
  replicas: Part<AdmissionReplicas | null> | undefined;
  pods: Part<AdmissionPod[]> | undefined;
  budgets: Part<DisruptionBudget[]> | undefined;
  name: string;
  /** The admission controller's namespace, for links to its pods' pages. */
  namespace: string;
}

/** The admission controller: desired and ready replicas, its pods per node, and its PodDisruptionBudget. */
export function AdmissionPanel({ replicas, pods, budgets, name, namespace }: Props) {
  return (
    <div className="space-y-3">
      <Panel title={`Admission controller: ${name}`} part={replicas} id="admission-replicas">
        {(r) =>
          !r ? (
            <p>
              <Tag tone="bad">Deployment not found</Tag>
            </p>
          ) : (
            <dl className="grid grid-cols-1 sm:grid-cols-[10rem_minmax(0,1fr)] gap-x-3 gap-y-1">
              <Fact label="Ready / desired">
                <span data-testid="replicas" data-ready={r.ready} data-desired={r.desired}>
                  {r.ready} / {r.desired}
                </span>{' '}
                <ReplicasTag ready={r.ready} desired={r.desired} />
              </Fact>
              <Fact label="Updated / available">
                {r.updated} / {r.available}
              </Fact>
            </dl>
          )
        }
      </Panel>
      <Panel title="Its pods, per node" part={pods} id="admission-pods">
        {(list) => (list.length === 0 ? <p>No pods.</p> : <PodTable pods={list} namespace={namespace} />)}
      </Panel>
      <Panel title="PodDisruptionBudget" part={budgets} id="admission-pdb">
        {(list) =>
          list.length === 0 ? (
            <p>None selects these pods: a node drain may take every replica at once.</p>
          ) : (
            <ul>
              {list.map((b) => (
                <li key={b.name}>
                  <span className="font-mono">{b.name}</span>: minAvailable {b.minAvailable ?? '–'}, maxUnavailable{' '}
                  {b.maxUnavailable ?? '–'}; {b.currentHealthy} healthy, {b.disruptionsAllowed} disruptions allowed
                </li>
              ))}
            </ul>
          )
        }
      </Panel>
    </div>
  );
}

function ReplicasTag({ ready, desired }: { ready: number; desired: number }) {
  if (desired === 0) return <Tag tone="warn">scaled to zero</Tag>;
  if (ready === 0) return <Tag tone="bad">none ready</Tag>;
  return ready < desired ? <Tag tone="warn">fewer than desired</Tag> : <Tag tone="good">all ready</Tag>;
}

function PodTable({ pods, namespace }: { pods: AdmissionPod[]; namespace: string }) {
  const now = useRenderNow();
  return (
    <Table>
      <thead>
        <HeadRow>
          <Th>Node</Th>
          <Th>Pod</Th>
          <Th>Status</Th>
          <Th>Restarts</Th>
          <Th>Created</Th>
        </HeadRow>
      </thead>
      <tbody>
        {pods.map((p) => (
          <Row key={p.name} data-testid="admission-pod">
            <Td className="font-mono">{p.node ?? 'unscheduled'}</Td>
            <Td className="font-mono">
              <ClusterLink href={podPath(namespace, p.name)}>{p.name}</ClusterLink>
            </Td>
            <Td>
              <Tag tone={p.ready ? 'good' : 'bad'}>
                {p.problem ?? p.phase}
                {p.ready ? ', ready' : ', not ready'}
              </Tag>
            </Td>
            <Td>{p.restarts}</Td>
            <Td>
              <Time at={p.createdAt} now={now} />
            </Td>
          </Row>
        ))}
      </tbody>
    </Table>
  );
}
