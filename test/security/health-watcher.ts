// Asks a server's /healthz every few milliseconds, as the kubelet would, from a process of its own: a watcher in the
// test's process would measure that process's own event loop too, busy sending the load it watches the server under.
// Run by watchHealth (resources.ts): `node health-watcher.ts <port> <everyMs>`; it stops when its stdin closes and
// prints {"slowestMs":…,"asked":…,"failures":[…]} on stdout.
import { request } from 'node:http';

const port = Number(process.argv[2]);
const everyMs = Number(process.argv[3] ?? 50);
let slowestMs = 0;
let asked = 0;
const failures: string[] = [];
let running = true;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request({ host: '127.0.0.1', port, path: '/healthz', headers: { host: `127.0.0.1:${port}` } }, (res) => {
      res.resume();
      res.on('end', () => {
        slowestMs = Math.max(slowestMs, performance.now() - started);
        asked += 1;
        if (res.statusCode !== 200) failures.push(`status ${res.statusCode}`);
        resolve();
      });
    });
    req.on('error', (err) => {
      failures.push(err.message);
      resolve();
    });
    req.end();
  });
}

process.stdin.on('end', () => (running = false));
process.stdin.resume();
while (running) {
  await once();
  await new Promise((r) => setTimeout(r, everyMs));
}
process.stdout.write(JSON.stringify({ slowestMs, asked, failures }));
process.exit(0);
