import { parsePodSearch, searchOf } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readClients } from '@/lib/k8s/client';
import { findPods } from '@/lib/views/pods';

export const dynamic = 'force-dynamic';

/** Pods by namespace and name fragment, for the Ctrl/Cmd-K jump: ?namespace=&name=&limit= (only what the asker may list) */
export const GET = route(async (request) =>
  Response.json(await findPods(readClients(), parsePodSearch(searchOf(request), 20), rightsOfAsker(request.headers))),
);
