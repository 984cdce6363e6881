import { WorkloadNotFound as Body } from '@/components/workloads/WorkloadNotFound';
import { namespacesOfPage } from '@/lib/http/viewer';

/** The workload page's 404: a workload that is not there, or in a namespace the asker may not read (answered the same). */
export default async function WorkloadNotFound() {
  return <Body namespaces={await namespacesOfPage()} />;
}
