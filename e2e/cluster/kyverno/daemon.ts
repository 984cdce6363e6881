// The Kyverno stand-in's process, started by `cluster up` (kyverno/harness.ts). SIGTERM (`cluster down`) and
// SIGKILL (`cluster kyverno crash`) both end it without cleanup, as a killed process would: registrations stay.
import { readState } from '../lib/state.ts';
import { Leader, log } from './leader.ts';

const port = readState()?.ports.webhook;
if (!port) throw new Error('no webhook port in .cluster/state.json');
process.on('SIGTERM', () => process.exit(0));
log(`Kyverno stand-in starting (pid ${process.pid})`);
new Leader(port).run();
