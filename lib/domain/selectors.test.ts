import { describe, expect, it } from 'vitest';
import { copy, namespaceLabels, namespaces, pods, webhookEntry } from './__fixtures__/fixtures';
import { coveredNamespaces, selectorMatches, skipReason, unmetRequirement, withNameLabel } from './selectors';
import type { LabelSelector } from './types';

describe('selectorMatches', () => {
  const labels = { app: 'web', tier: 'backend' };

  it('matches everything with an absent or empty selector', () => {
    expect(selectorMatches(undefined, labels)).toBe(true);
    expect(selectorMatches(null, {})).toBe(true);
    expect(selectorMatches({}, labels)).toBe(true);
    expect(selectorMatches({ matchLabels: {}, matchExpressions: [] }, labels)).toBe(true);
  });

  it('needs every matchLabels pair', () => {
    expect(selectorMatches({ matchLabels: { app: 'web' } }, labels)).toBe(true);
    expect(selectorMatches({ matchLabels: { app: 'web', tier: 'frontend' } }, labels)).toBe(false);
    expect(selectorMatches({ matchLabels: { zone: 'a' } }, labels)).toBe(false);
  });

  it.each([
    [{ key: 'app', operator: 'In', values: ['web', 'api'] }, true],
    [{ key: 'app', operator: 'In', values: ['api'] }, false],
    [{ key: 'zone', operator: 'In', values: ['a'] }, false],
    [{ key: 'app', operator: 'NotIn', values: ['api'] }, true],
    [{ key: 'app', operator: 'NotIn', values: ['web'] }, false],
    [{ key: 'zone', operator: 'NotIn', values: ['a'] }, true],
    [{ key: 'app', operator: 'Exists' }, true],
    [{ key: 'zone', operator: 'Exists' }, false],
    [{ key: 'zone', operator: 'DoesNotExist' }, true],
    [{ key: 'app', operator: 'DoesNotExist' }, false],
    [{ key: 'app', operator: 'Gt', values: ['1'] }, false],
  ])('evaluates %j as %s', (requirement, expected) => {
    expect(selectorMatches({ matchExpressions: [requirement] }, labels)).toBe(expected);
  });

  it('needs matchLabels and every expression together', () => {
    const selector: LabelSelector = {
      matchLabels: { app: 'web' },
      matchExpressions: [{ key: 'tier', operator: 'In', values: ['frontend'] }],
    };
    expect(selectorMatches(selector, labels)).toBe(false);
    expect(unmetRequirement(selector, labels)).toBe('tier in (frontend) is required, and the labels have tier=backend');
  });
});

describe('skipReason', () => {
  it("skips kube-system by the registration's namespaceSelector", () => {
    expect(skipReason(webhookEntry, namespaceLabels('kube-system'), pods.coredns.metadata.labels ?? {})).toBe('skipped-namespace');
  });

  it('skips a pod labelled app.kubernetes.io/managed-by=kubecoder by its objectSelector', () => {
    expect(skipReason(webhookEntry, namespaceLabels('kubecoder'), pods.kubecoder.metadata.labels ?? {})).toBe('skipped-label');
  });

  it('sends every other pod to Kyverno', () => {
    expect(skipReason(webhookEntry, namespaceLabels('shop'), pods.deployment.metadata.labels ?? {})).toBeNull();
    expect(skipReason(webhookEntry, namespaceLabels('jenkins-prd'), pods.jenkinsAgent.metadata.labels ?? {})).toBeNull();
  });

  it('follows the registration when its selectors change, rather than a list of its own', () => {
    const entry = copy(webhookEntry);
    entry.namespaceSelector = { matchExpressions: [{ key: 'stage', operator: 'NotIn', values: ['dev'] }] };
    expect(skipReason(entry, namespaceLabels('kube-system'), {})).toBeNull();
    expect(skipReason(entry, namespaceLabels('shop-dev'), {})).toBe('skipped-namespace');
  });
});

describe('coveredNamespaces', () => {
  it("splits the namespaces by the registration's namespaceSelector", () => {
    const { covered, skipped } = coveredNamespaces(webhookEntry, namespaces);
    expect(skipped).toEqual(['argocd-hooks', 'argocd-prd', 'kube-system', 'kyverno-prd', 'metallb-system']);
    expect(covered).toContain('shop-dev');
    expect(covered).toContain('jenkins-prd');
    expect(covered.length + skipped.length).toBe(namespaces.length);
  });

  it('judges a namespace given without its name label as the API server would have labelled it', () => {
    const { skipped } = coveredNamespaces(webhookEntry, [{ name: 'kube-system', labels: {} }]);
    expect(skipped).toEqual(['kube-system']);
    expect(withNameLabel('shop', { stage: 'prd' })).toEqual({ 'kubernetes.io/metadata.name': 'shop', stage: 'prd' });
  });
});
