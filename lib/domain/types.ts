// Minimal structural shapes of the Kubernetes objects lib/domain reads. They are structural so that objects from
// @kubernetes/client-node and plain JSON from kubectl both fit, without lib/domain importing a Kubernetes client.

export interface OwnerRef {
  apiVersion?: string;
  kind: string;
  name: string;
  uid?: string;
  controller?: boolean;
}

export interface ContainerShape {
  name: string;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
}

export interface PodShape {
  metadata: {
    name: string;
    namespace: string;
    creationTimestamp?: string | Date;
    labels?: Record<string, string>;
    ownerReferences?: OwnerRef[];
  };
  spec: { containers: ContainerShape[]; initContainers?: ContainerShape[] };
}

export interface LabelSelectorRequirement {
  key: string;
  operator: string;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface WebhookEntryShape {
  name: string;
  failurePolicy?: string;
  namespaceSelector?: LabelSelector;
  objectSelector?: LabelSelector;
}
