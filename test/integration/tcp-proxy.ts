import { createServer, connect, type Server, type Socket } from 'node:net';

/** A TCP proxy to a local port (the API server's, PostgreSQL's) whose connections can be cut, as a network failure would. */
export function tcpProxy(target: string) {
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  return {
    open: (port = 0) =>
      new Promise<number>((resolve) => {
        server = createServer((client) => {
          const upstream = connect(Number(target), '127.0.0.1');
          track(client);
          track(upstream);
          client.pipe(upstream).pipe(client);
        });
        server.listen(port, '127.0.0.1', () => resolve((server!.address() as { port: number }).port));
      }),
    cut: () => {
      server?.close();
      server = null;
      for (const s of sockets) s.destroy();
    },
    close: () => {
      server?.close();
      for (const s of sockets) s.destroy();
    },
  };
}
