// What Kyverno's admission controller does as a whole, driven by its Deployment as KWOK runs it: while the
// Deployment has ready replicas it serves and its leader registers the webhooks every 10 s; once the Deployment is
// at zero and its pods are gone, the last replica's clean shutdown deletes the registrations and stops serving.
import { api, type KubeObject } from '../lib/api.ts';
import { readSwitches } from '../lib/switches.ts';
import { ADMISSION_PODS, DEPLOYMENT, NAMESPACE } from './names.ts';
import { deleteRegistrations, reconcileRegistrations } from './registrations.ts';
import { AdmissionServer } from './server.ts';
import { markPolicyReady, recordTableLoad } from './status.ts';
import { loadTable, type TableLoader, type TableView } from './table.ts';
import { podLogs, writeCriLine } from './pod-logs.ts';

const RECONCILE_EVERY_MS = 10_000;

interface Deployment extends KubeObject {
  spec?: { replicas?: number };
  status?: { readyReplicas?: number };
}

export class Leader {
  private readonly api = api();
  private readonly server: AdmissionServer;
  private deployment: Deployment | null = null;
  private pods = 0;
  private table: TableLoader | null = null;
  private tableReadable = true;
  private busy: Promise<void> = Promise.resolve();
  private readonly port: number;

  constructor(port: number) {
    this.port = port;
    this.server = new AdmissionServer({
      rows: () => this.table?.view().rows ?? null,
      denying: () => readSwitches().kyverno === 'deny',
      describe: () => ({ serving: this.server.serving, table: this.table?.view() ?? null, reviews: this.server.reviews }),
      log,
    });
  }

  run(): void {
    this.startTable();
    this.api.informer<Deployment>(
      `/apis/apps/v1/namespaces/${NAMESPACE}/deployments?fieldSelector=metadata.name%3D${DEPLOYMENT}`,
      (items) => {
        this.deployment = items[0] ?? null;
        this.step();
      },
      (e) => log(`deployment watch: ${e.message}`),
    );
    const publishLogs = podLogs(this.api);
    this.api.informer(
      `/api/v1/namespaces/${NAMESPACE}/pods?labelSelector=${encodeURIComponent(ADMISSION_PODS)}`,
      (items) => {
        this.pods = items.length;
        this.step();
        publishLogs(items.map((p) => p.metadata.name)).catch((e: Error) => log(`pod logs: ${e.message}`));
      },
      (e) => log(`pod watch: ${e.message}`),
    );
    setInterval(() => this.step(true), RECONCILE_EVERY_MS);
    setInterval(() => this.followTableSwitch(), 1000);
  }

  /** Serialised: one transition at a time, in the order the watches saw them. */
  private step(periodic = false): void {
    this.busy = this.busy.then(() => this.transition(periodic)).catch((e: Error) => log(`error: ${e.message}`));
  }

  private async transition(periodic: boolean): Promise<void> {
    const ready = this.deployment?.status?.readyReplicas ?? 0;
    const atZero = !this.deployment || (this.deployment.spec?.replicas ?? 1) === 0;
    if (ready > 0) {
      const starting = !this.server.serving;
      if (starting) {
        await this.server.start(this.port);
        log(`serving on 127.0.0.1:${this.port} (${ready} ready replicas)`);
      }
      if (!starting && !periodic) return;
      const written = await reconcileRegistrations(this.api, this.port);
      if (written.length) log(`registered ${written.join(', ')}`);
      await markPolicyReady(this.api, true);
      if (starting && this.table) await recordTableLoad(this.api, this.table.view());
    } else if (this.server.serving && atZero && this.pods === 0) {
      await deleteRegistrations(this.api);
      await this.server.stop();
      log('Deployment at zero and its pods gone: registrations deleted, stopped serving');
    }
  }

  private startTable(): void {
    this.tableReadable = readSwitches().table === 'readable';
    this.table = loadTable(this.tableReadable, (view) => this.onTable(view));
  }

  private onTable(view: TableView): void {
    log(view.loaded ? `table loaded: ${Object.keys(view.rows ?? {}).length} rows` : `table not loaded: ${view.error}`);
    this.busy = this.busy
      .then(() => (this.server.serving ? recordTableLoad(this.api, view) : undefined))
      .catch((e: Error) => log(`status: ${e.message}`));
  }

  private followTableSwitch(): void {
    if ((readSwitches().table === 'readable') === this.tableReadable) return;
    this.table?.stop();
    this.startTable();
  }
}

export function log(message: string): void {
  process.stdout.write(`${new Date().toISOString()} ${message}\n`);
  writeCriLine(message);
}
