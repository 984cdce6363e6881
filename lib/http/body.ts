// A request body read as JSON without trusting its size: Content-Length is checked first and the bytes are counted
// as they arrive, so a 64 MiB body is cut off at the limit instead of being held whole before a refusal.
import { AppError } from '@/lib/errors';

/** The body parsed as JSON; 415 without a JSON content type, 413 past `maxBytes`, 400 when it is not JSON. */
export async function readJsonBody(request: Request, maxBytes: number, shape: string): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new AppError('bad-request', `Send the body as JSON (Content-Type: application/json): ${shape}`);
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readText(request, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('bad-request', `The body is not JSON: send ${shape}`);
  }
}

/** The body as text, its bytes counted as they arrive: past `maxBytes` the read stops and `tooBig()` is thrown. */
export async function readText(request: Request, maxBytes: number, tooBig: () => Error = () => tooLarge(maxBytes)): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooBig();
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
}

function tooLarge(maxBytes: number): AppError {
  return new AppError('too-large', `The body is larger than ${maxBytes} bytes`);
}
