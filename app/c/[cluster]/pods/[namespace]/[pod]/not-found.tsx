import { PodNotFound as Body } from '@/components/pods/PodNotFound';
import { namespacesOfPage } from '@/lib/http/viewer';

/** The pod page's 404: a pod that is not there, or in a namespace the asker may not read (answered the same). */
export default async function PodNotFound() {
  return <Body namespaces={await namespacesOfPage()} />;
}
