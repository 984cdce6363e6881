import type { AdmissionPod, AdmissionReplicas, DisruptionBudget } from '@/lib/views/webhook-health-types';
import type { Part } from '@/lib/views/webhook-health-types';
import { Time } from '@/components/Time';
import { Tag } from '@/components/ui/Tag';
import { Fact, Panel } from './Panel';

interface Props {
  replicas: Part<AdmissionReplicas | null> | undefined;
  pods: Part<AdmissionPod[]> | undefined;
  budgets: Part<DisruptionBudget[]> | undefined;
  name: string;
}

/** The admission controller: desired and ready replicas, its pods per node, and its PodDisruptionBudget. */
export function AdmissionPanel({ replicas, pods, budgets, name }: Props) {
  return (
    <div className="space-y-3">
      <Panel title={`Admission controller: ${name}`} part={replicas} id="admission-replicas">
        {(r) =>
          !r ? (
            <p>
              <Tag tone="bad">Deployment not found</Tag>
            </p>
          ) : (
            <dl className="grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1">
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
        {(list) => (list.length === 0 ? <p>No pods.</p> : <PodTable pods={list} />)}
      </Panel>
      <Panel title="PodDisruptionBudget" part={budgets} id="admission-pdb">
        {(list) =>
          list.length === 0 ? (
            <p>None selects these pods: a node drain may take every replica at once.</p>
          ) : (
            <ul>
              {list.map((b) => (
                <li key={b.name}>
                  <span className="font-mono">{b.name}</span>: minAvailable {b.minAvailable ?? '–'}, maxUnavailable {b.maxUnavailable ?? '–'}; {b.currentHealthy} healthy,{' '}
                  {b.disruptionsAllowed} disruptions allowed
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

function PodTable({ pods }: { pods: AdmissionPod[] }) {
  const now = new Date();
  return (
    <table className="w-full text-left">
      <thead className="text-zinc-600">
        <tr>
          <th className="pr-2">Node</th>
          <th className="pr-2">Pod</th>
          <th className="pr-2">Status</th>
          <th className="pr-2">Restarts</th>
          <th>Created</th>
        </tr>
      </thead>
      <tbody>
        {pods.map((p) => (
          <tr key={p.name} className="border-t border-zinc-100" data-testid="admission-pod">
            <td className="pr-2 font-mono">{p.node ?? 'unscheduled'}</td>
            <td className="pr-2 font-mono">{p.name}</td>
            <td className="pr-2">
              <Tag tone={p.ready ? 'good' : 'bad'}>{p.problem ?? p.phase}{p.ready ? ', ready' : ', not ready'}</Tag>
            </td>
            <td className="pr-2">{p.restarts}</td>
            <td>
              <Time at={p.createdAt} now={now} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
