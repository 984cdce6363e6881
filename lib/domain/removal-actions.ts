import type { AccessCheck } from './access';
import { crdConfirmation, type LifecycleCommands } from './lifecycle';
import { OWNERLESS_REGISTRATIONS } from './registrations';
import type { StepTarget } from './step-actions';

// The removal's two deletes, each stated once as the break-glass steps are (step-actions.ts): what it acts on, the
// commands it stands for, what the write credential must be allowed, its audit record, its route and its typed
// confirmation. The routes and the page's buttons read it.

export type RemovalActionId = 'delete-registrations' | 'delete-crds';

export interface RemovalAction {
  audit: string;
  path: string;
  title: string;
  label: string;
  target: StepTarget;
  commands: (c: LifecycleCommands) => string[];
  checks: AccessCheck[];
  /** What the operator types before it runs, from the count of CRDs the page showed; sent as the body's `confirm`. */
  confirm?: (crds: number) => string;
}

const ADMISSION = 'admissionregistration.k8s.io';

export const REMOVAL_ACTIONS: Record<RemovalActionId, RemovalAction> = {
  'delete-registrations': {
    audit: 'removal.delete-registrations',
    path: '/api/lifecycle/delete-registrations',
    title: 'Delete the owner-less registrations',
    label: 'Delete them',
    target: {
      words: 'ValidatingWebhookConfigurations',
      name: OWNERLESS_REGISTRATIONS.join(', '),
      audit: `validatingwebhookconfiguration/${OWNERLESS_REGISTRATIONS.join(',')}`,
    },
    commands: (c) => [c.listRegistrations, c.deleteLeftovers],
    checks: OWNERLESS_REGISTRATIONS.map((name) => ({
      verb: 'delete',
      group: ADMISSION,
      resource: 'validatingwebhookconfigurations',
      name,
    })),
  },
  'delete-crds': {
    audit: 'removal.delete-crds',
    path: '/api/lifecycle/delete-crds',
    title: "Delete Kyverno's CRDs",
    label: 'Delete the CRDs',
    target: {
      words: 'Every CustomResourceDefinition named',
      name: '*.kyverno.io, *.wgpolicyk8s.io',
      audit: 'customresourcedefinitions *.kyverno.io,*.wgpolicyk8s.io',
    },
    commands: (c) => [c.deleteCrds],
    checks: [{ verb: 'delete', group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' }],
    confirm: crdConfirmation,
  },
};
