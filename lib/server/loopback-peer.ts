import 'server-only';
import type { IncomingMessage } from 'node:http';
import { isLoopbackAddress } from '@/lib/auth/mode';
import { settings } from '@/lib/config';
import { AppError } from '@/lib/errors';

// MEMDASH_AUTH=none without MEMDASH_AUTH_NONE_ON_NETWORK=on means "on this machine only": memdash starts only when
// every allowed host is a loopback name. But a Host header is the client's to write, and the server (the image
// included) listens on every address: anyone on the network who sent `Host: localhost:3000` read everything. So in
// that mode the peer itself, the socket's address, must be this machine. (With MEMDASH_AUTH_NONE_ON_NETWORK=on,
// serving the network is what was asked for, and every page says so.)

/** A 403 for a peer that is not this machine when memdash reads for anyone on it; null otherwise. */
export function notLoopbackPeer(request: IncomingMessage): AppError | null {
  const s = settings();
  if (s.auth !== 'none' || s.authNoneOnNetwork === 'on' || isLoopbackAddress(request.socket.remoteAddress)) return null;
  return new AppError(
    'forbidden',
    'This memdash runs without sign-in (MEMDASH_AUTH=none) and answers only this machine (loopback): ' +
      'set MEMDASH_AUTH to oidc or proxy to serve others, or MEMDASH_AUTH_NONE_ON_NETWORK=on if everyone who reaches it may read every page',
  );
}
