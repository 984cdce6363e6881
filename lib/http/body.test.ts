import { describe, expect, it } from 'vitest';
import { readJsonBody } from './body';

const post = (body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://127.0.0.1:3000/api/history/imports', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('readJsonBody', () => {
  it('reads a JSON body', async () => {
    await expect(readJsonBody(post('{"a":1}'), 100, '{a}')).resolves.toEqual({ a: 1 });
  });

  it('says plainly that a body is not JSON, or not sent as JSON', async () => {
    await expect(readJsonBody(post('fileName=x'), 100, '{a}')).rejects.toMatchObject({
      status: 400,
      message: 'The body is not JSON: send {a}',
    });
    await expect(readJsonBody(post('{"a":1}', { 'content-type': 'text/plain' }), 100, '{a}')).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Content-Type: application/json'),
    });
  });

  it('stops reading a body at the limit, without a Content-Length to trust', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    await expect(readJsonBody(post(endless), 1024 * 1024, '{a}')).rejects.toMatchObject({ code: 'too-large', status: 413 });
    expect(pulled).toBeLessThan(20);
  });

  it('refuses a declared Content-Length above the limit before reading', async () => {
    const request = post('{}', { 'content-type': 'application/json', 'content-length': String(64 * 1024 * 1024) });
    await expect(readJsonBody(request, 1024, '{a}')).rejects.toMatchObject({ status: 413 });
  });
});
