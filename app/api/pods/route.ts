import { parsePodSearch, searchOf } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { readClients } from '@/lib/k8s/client';
import { findPods } from '@/lib/views/pods';

export const dynamic = 'force-dynamic';

/** Pods by namespace and name fragment, for the Ctrl/Cmd-K jump: ?namespace=&name=&limit= */
export const GET = route(async (request) => Response.json(await findPods(readClients(), parsePodSearch(searchOf(request), 20))));
