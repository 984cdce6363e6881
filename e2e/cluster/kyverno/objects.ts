// Kyverno's objects besides its Deployment (which the scenario declares, so that its pods have samples): the
// owner of the registrations, the Service, the PDB, and the policy objects, which the stand-in keeps the status of.
import { applyObjects, kubectl } from '../lib/kubectl.ts';
import { installKyvernoCrds } from './crds.ts';
import { applyRealKyvernoObjects } from './real/install.ts';
import type { KyvernoMode } from '../lib/state.ts';
import { globalContextEntry, mutatingPolicy } from './policy.ts';
import { ADMISSION_PODS, COMPONENT_LABEL, DEPLOYMENT, NAMESPACE, OWNER_CLUSTERROLE, SERVICE } from './names.ts';

const admissionSelector = () => {
  const [key, value] = ADMISSION_PODS.split('=') as [string, string];
  return { [key]: value, 'app.kubernetes.io/name': DEPLOYMENT };
};

/** The companion chart's webhook owner: Kyverno v1.19.1 owns its registrations by the ClusterRole `*:webhook`
 * labelled with component kyverno, so the garbage collector removes them with the app. */
export function webhookOwner(): object {
  return {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: OWNER_CLUSTERROLE, labels: { [COMPONENT_LABEL]: 'kyverno', 'app.kubernetes.io/part-of': 'kyverno' } },
    rules: [],
  };
}

export function service(): object {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: SERVICE, namespace: NAMESPACE },
    spec: { selector: admissionSelector(), ports: [{ name: 'https', port: 443, targetPort: 9443, protocol: 'TCP' }] },
  };
}

export function disruptionBudget(): object {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: DEPLOYMENT, namespace: NAMESPACE },
    spec: { minAvailable: 1, selector: { matchLabels: admissionSelector() } },
  };
}

/** Every `up`: CRDs and the objects no Kyverno webhook guards. The real Kyverno's Service is routed to the host
 * when its supervisor starts (real/access.ts); it brings all its CRDs, its RBAC and its ConfigMaps. */
export function applyKyvernoObjects(mode: KyvernoMode): void {
  if (mode === 'real') {
    applyRealKyvernoObjects();
    applyObjects([webhookOwner(), disruptionBudget()]);
    return;
  }
  installKyvernoCrds();
  applyObjects([webhookOwner(), service(), disruptionBudget()]);
}

/** Once, at seeding: Kyverno's own policy webhook guards these kinds, so a later apply would need it answering. */
export function createPolicyObjects(): void {
  for (const object of [mutatingPolicy(), globalContextEntry()]) {
    try {
      kubectl(['create', '-f', '-'], { input: JSON.stringify(object) });
    } catch (error) {
      if (!/AlreadyExists/.test((error as Error).message)) throw error;
    }
  }
}
