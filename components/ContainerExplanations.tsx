import type { ContainerExplanation } from '@/lib/domain';
import { Memory } from './Memory';
import { Verdict } from './Verdict';

/**
 * One block per container (init containers first and marked): its numbers, its verdict, why, and its next pod. The
 * evidence every container shares (the table's write, the registration) is said once, above them.
 */
export function ContainerExplanations({ containers }: { containers: ContainerExplanation[] }) {
  const shared = containers.length > 1 ? containers[0]!.evidence.filter((line) => containers.every((c) => c.evidence.includes(line))) : [];
  return (
    <>
      {shared.length > 0 && (
        <section className="rounded border border-zinc-200 bg-white p-3" data-testid="shared-evidence">
          <h2 className="font-semibold">For every container of this pod</h2>
          <ul className="mt-1 list-disc pl-5 text-zinc-700">
            {shared.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <div className="max-w-full overflow-x-auto" tabIndex={0} data-scrolls>
        <ContainerTable containers={containers} shared={shared} />
      </div>
    </>
  );
}

function ContainerTable({ containers, shared }: { containers: ContainerExplanation[]; shared: string[] }) {
  return (
    <table className="w-full border-collapse rounded border border-zinc-200 bg-white" data-testid="containers">
      <thead className="bg-zinc-100 text-left text-zinc-700">
        <tr>
          <th className="px-2 py-1">Container</th>
          <th className="px-2 py-1">Request</th>
          <th className="px-2 py-1">Limit</th>
          <th className="px-2 py-1">Row</th>
          <th className="px-2 py-1">Verdict</th>
        </tr>
      </thead>
      {containers.map((c) => (
        <ContainerRows key={`${c.init ? 'init' : 'main'}/${c.name}`} container={c} shared={shared} />
      ))}
    </table>
  );
}

function ContainerRows({ container: c, shared }: { container: ContainerExplanation; shared: string[] }) {
  const own = c.evidence.filter((line) => !shared.includes(line));
  return (
    <tbody className="border-t border-zinc-200" data-testid="container" data-container={c.name} data-verdict={c.verdict}>
      <tr className="align-top">
        <td className="px-2 pt-2 font-mono font-medium">
          {c.name}
          {c.init && <span className="ml-1 rounded bg-zinc-200 px-1 text-xs font-normal">init</span>}
        </td>
        <td className="px-2 pt-2" data-testid="request">
          <Memory bytes={c.request} />
        </td>
        <td className="px-2 pt-2" data-testid="limit">
          <Memory bytes={c.limit} />
        </td>
        <td className="px-2 pt-2" data-testid="row">
          <Memory bytes={c.row} />
          {c.rowKey && <div className="font-mono text-xs text-zinc-600">{c.rowKey}</div>}
        </td>
        <td className="px-2 pt-2">
          <Verdict code={c.verdict} />
        </td>
      </tr>
      <tr>
        <td colSpan={5} className="px-2 pb-2 pt-1">
          <p data-testid="reason">{c.reason}</p>
          {own.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-zinc-700" data-testid="evidence">
              {own.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <p className="mt-1" data-testid="next-pod">
            {/* the sentence names the next pod itself ("Its next pod gets …"); a label would say it twice */}
            {/^its next pod/i.test(c.nextPod) ? c.nextPod : `Next pod: ${c.nextPod}`}
          </p>
        </td>
      </tr>
    </tbody>
  );
}
