// The request schemas: a bad name is invalid-name, any other bad parameter bad-request, both before any call.
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { parseDiffParams, parsePodRef, parsePodSearch, parseWorkloadRef } from './params';
import { route } from './route';

function thrown(f: () => unknown): AppError {
  try {
    f();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('did not throw');
}

describe('parsePodSearch', () => {
  it('reads the first value of each filter, lower-cases the name, and applies the default limit', () => {
    expect(parsePodSearch({ namespace: ['shop', 'other'], name: ' WEB ' }, 20)).toEqual({ namespace: 'shop', name: 'web', limit: 20 });
  });

  it('answers a bad namespace or name fragment with invalid-name', () => {
    expect(thrown(() => parsePodSearch({ namespace: 'Shop' })).code).toBe('invalid-name');
    expect(thrown(() => parsePodSearch({ name: 'web_1' })).code).toBe('invalid-name');
  });

  it('answers a bad limit with bad-request: it is not a name', () => {
    for (const limit of ['0', '2001', 'many', '1.5']) {
      const error = thrown(() => parsePodSearch({ limit }));
      expect(error.code).toBe('bad-request');
      expect(error.message).toMatch(/^Bad filter \(limit: /);
    }
  });
});

describe('the refs and the diff parameters', () => {
  it('names the field of a bad pod or workload name', () => {
    expect(thrown(() => parsePodRef({ namespace: 'shop', name: 'web_1' })).message).toMatch(/^Not a valid Kubernetes name \(name: /);
    expect(thrown(() => parseWorkloadRef({ namespace: '-shop', workload: 'web' }))).toMatchObject({ code: 'invalid-name' });
  });

  it('answers bad diff parameters with bad-request', () => {
    expect(parseDiffParams({ from: '3', to: '4', format: 'csv' })).toEqual({ from: 3, to: 4, format: 'csv', page: 1 });
    expect(parseDiffParams({ page: '7' })).toMatchObject({ page: 7 });
    expect(thrown(() => parseDiffParams({ from: '-1' }))).toMatchObject({ code: 'bad-request' });
    expect(thrown(() => parseDiffParams({ page: '0' }))).toMatchObject({ code: 'bad-request' });
    expect(thrown(() => parseDiffParams({ page: 'two' }))).toMatchObject({ code: 'bad-request' });
  });
});

describe('route', () => {
  it("answers what the handler throws with the error mapper's status and body", async () => {
    const GET = route(() => parsePodSearch({ limit: '0' }) && new Response('never'));
    const response = await GET(new Request('http://memdash.test/api/pods?limit=0'));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'bad-request', message: expect.stringMatching(/^Bad filter/) } });
  });

  it('hands the handler the awaited route params', async () => {
    const GET = route<{ namespace: string }>((_request, { namespace }) => Response.json({ namespace }));
    const response = await GET(new Request('http://memdash.test/'), { params: Promise.resolve({ namespace: 'shop' }) });
    expect(await response.json()).toEqual({ namespace: 'shop' });
  });
});
