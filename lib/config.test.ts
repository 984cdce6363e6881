import { describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from './config';

describe('loadSettings', () => {
  it("gives docs/design.md's defaults when nothing is set", () => {
    const s = loadSettings({});
    expect(s.kyvernoNamespace).toBe('kyverno-prd');
    expect(s.tableConfigMap).toBe('memory-requests');
    expect(s.webhookConfiguration).toBe('kyverno-resource-mutating-webhook-cfg');
    expect(s.webhookEntry).toBe('mpol.validate.kyverno.svc-fail');
    expect(s.webhookOwner).toBe('kyverno-prd:webhook');
    expect(s.snapshotWindowDays).toBe(28);
    expect(s.probeNamespace).toBe('development');
    expect(s.prometheusUrl).toBeUndefined();
    expect(s.kubeContext).toBeUndefined();
  });

  it('takes each setting from its MEMDASH_* variable, an empty one meaning unset', () => {
    const s = loadSettings({
      MEMDASH_KYVERNO_NAMESPACE: 'kyverno',
      MEMDASH_ADMISSION_REPLICAS: '5',
      MEMDASH_KUBE_CONTEXT: '',
      MEMDASH_PROMETHEUS_URL: 'http://127.0.0.1:9090',
    });
    expect(s.kyvernoNamespace).toBe('kyverno');
    expect(s.admissionReplicas).toBe(5);
    expect(s.kubeContext).toBeUndefined();
    expect(s.prometheusUrl).toBe('http://127.0.0.1:9090');
  });

  it('refuses bad values, naming every bad variable and never echoing its value', () => {
    const bad = {
      MEMDASH_KYVERNO_NAMESPACE: 'Kyverno_PRD',
      MEMDASH_ADMISSION_REPLICAS: 'three',
      MEMDASH_PROMETHEUS_URL: 'ftp://user:secret@host',
    };
    expect(() => loadSettings(bad)).toThrow(SettingsError);
    try {
      loadSettings(bad);
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('MEMDASH_KYVERNO_NAMESPACE');
      expect(message).toContain('MEMDASH_ADMISSION_REPLICAS');
      expect(message).toContain('MEMDASH_PROMETHEUS_URL');
      expect(message).not.toContain('secret');
    }
  });
});
