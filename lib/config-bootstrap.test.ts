// The webhook page's one setting: the namespaces a Fail webhook must not cover (besides Kyverno's own).
import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './config';

describe('MEMDASH_BOOTSTRAP_NAMESPACES', () => {
  it('defaults to kube-system and the GitOps namespaces', () => {
    expect(loadSettings({}).bootstrapNamespaces).toEqual(['kube-system', 'argocd-prd', 'argocd-hooks']);
  });

  it('takes a comma-separated list, spaces allowed', () => {
    expect(loadSettings({ MEMDASH_BOOTSTRAP_NAMESPACES: 'kube-system, flux-system' }).bootstrapNamespaces).toEqual([
      'kube-system',
      'flux-system',
    ]);
  });

  it('refuses a name Kubernetes would refuse, naming the variable', () => {
    expect(() => loadSettings({ MEMDASH_BOOTSTRAP_NAMESPACES: 'kube-system,Flux_System' })).toThrow(/MEMDASH_BOOTSTRAP_NAMESPACES/);
    expect(() => loadSettings({ MEMDASH_BOOTSTRAP_NAMESPACES: ' , ' })).toThrow(SettingsError);
  });
});
