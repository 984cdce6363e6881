// The chart's pod as `podman run` runs it, playing the kubelet's part on this host: the container's image, env (with
// the pod's IP and `$(VAR)` references filled in as the kubelet fills them), user, read-only root, dropped
// capabilities, no privilege escalation, memory limit and emptyDirs, and the ServiceAccount's token, CA and namespace
// where the kubelet mounts them, with KUBERNETES_SERVICE_HOST/PORT naming the API server. The pod shares the host's
// network (the local cluster's API server listens on its loopback), so it listens on a port of its own, not 3000.

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { fieldRef?: { fieldPath: string } };
}
export interface ContainerSpec {
  image: string;
  env: EnvVar[];
  securityContext: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean; capabilities?: { drop?: string[] } };
  resources: { limits?: { memory?: string } };
  volumeMounts: Array<{ name: string; mountPath: string }>;
}
export interface PodSpec {
  serviceAccountName: string;
  securityContext: { runAsUser?: number; runAsGroup?: number; fsGroup?: number };
  containers: ContainerSpec[];
  volumes: Array<{ name: string; emptyDir?: object }>;
}

/** What the kubelet would know: the pod's IP, its port here, the API server's address and the token's folder. */
export interface Placement {
  podIp: string;
  port: number;
  apiServerHost: string;
  apiServerPort: number;
  serviceAccountDir: string;
  /** the open-files limit this host allows: podman's default asks for more, which needs a capability this host withholds */
  openFiles: number;
}

const SERVICE_ACCOUNT_MOUNT = '/var/run/secrets/kubernetes.io/serviceaccount';
const UNITS: Record<string, number> = { '': 1, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, k: 1e3, M: 1e6, G: 1e9 };

/** A memory quantity (`1Gi`, `256Mi`, `1000000`) in bytes. */
export function bytesOf(quantity: string): number {
  const match = /^(\d+)(Ki|Mi|Gi|k|M|G)?$/.exec(quantity);
  if (!match) throw new Error(`a memory quantity this test does not read: ${quantity}`);
  return Number(match[1]) * UNITS[match[2] ?? '']!;
}

/** The container's environment as the kubelet gives it: `$(NAME)` is an earlier variable's value, `$$` a `$`. */
export function environment(env: EnvVar[], podIp: string): Array<[string, string]> {
  const known = new Map<string, string>();
  for (const variable of env) {
    if (variable.valueFrom?.fieldRef?.fieldPath === 'status.podIP') known.set(variable.name, podIp);
    else if (variable.valueFrom) throw new Error(`an env source this test does not fill: ${JSON.stringify(variable)}`);
    else
      known.set(
        variable.name,
        (variable.value ?? '').replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (whole, name?: string) =>
          whole === '$$' ? '$' : (known.get(name!) ?? whole),
        ),
      );
  }
  return [...known];
}

/** `podman run`'s arguments after `run` for the pod's only container, placed as `placement` says. */
export function podmanRunArgs(pod: PodSpec, name: string, placement: Placement): string[] {
  const [container] = pod.containers;
  if (!container || pod.containers.length !== 1) throw new Error('the chart’s pod has one container');
  const { securityContext: security, resources } = container;
  const env = environment(container.env, placement.podIp).map(([k, v]): [string, string] =>
    k === 'PORT' ? [k, String(placement.port)] : [k, v],
  );
  const emptyDirs = new Set(pod.volumes.filter((v) => v.emptyDir).map((v) => v.name));
  const mounts = container.volumeMounts.map((m) => {
    // an emptyDir is a fresh folder every user of the pod may write (mode 0777)
    if (!emptyDirs.has(m.name)) throw new Error(`a volume this test does not provide: ${m.name}`);
    return `--mount=type=tmpfs,destination=${m.mountPath},tmpfs-mode=0777`;
  });
  return [
    `--name=${name}`,
    '--network=host',
    `--user=${pod.securityContext.runAsUser}:${pod.securityContext.runAsGroup}`,
    ...(pod.securityContext.fsGroup ? [`--group-add=${pod.securityContext.fsGroup}`] : []),
    // only the chart's volumes are written: podman's own tmpfs on /tmp, /run and /var/tmp are left out
    ...(security.readOnlyRootFilesystem ? ['--read-only', '--read-only-tmpfs=false'] : []),
    ...(security.allowPrivilegeEscalation === false ? ['--security-opt=no-new-privileges'] : []),
    ...(security.capabilities?.drop ?? []).map((c) => `--cap-drop=${c.toLowerCase()}`),
    ...(resources.limits?.memory ? [`--memory=${bytesOf(resources.limits.memory)}`] : []),
    `--ulimit=nofile=${placement.openFiles}:${placement.openFiles}`,
    '--ulimit=nproc=4096:4096',
    ...mounts,
    `--volume=${placement.serviceAccountDir}:${SERVICE_ACCOUNT_MOUNT}:ro`,
    ...env.flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    '--env',
    `KUBERNETES_SERVICE_HOST=${placement.apiServerHost}`,
    '--env',
    `KUBERNETES_SERVICE_PORT=${placement.apiServerPort}`,
    container.image,
  ];
}
