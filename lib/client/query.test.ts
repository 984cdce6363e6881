import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { queryKeys, renewalPath, renewedIfEnded } from './query';

describe('a page whose sign-in ended under it', () => {
  it('renews at /auth/refresh and comes back to itself, query included', () => {
    expect(renewalPath({ pathname: '/pods/shop/web-1', search: '?tab=history' })).toBe(
      '/auth/refresh?next=%2Fpods%2Fshop%2Fweb-1%3Ftab%3Dhistory',
    );
    expect(renewalPath({ pathname: '/', search: '' })).toBe('/auth/refresh?next=%2F');
  });

  it('goes there on `sign-in-ended` alone, and once, however many reads are refused', () => {
    const went: string[] = [];
    const page = { location: { pathname: '/pods', search: '', assign: (to: string) => went.push(to) } } as unknown as Window;
    renewedIfEnded(new AppError('unauthorized', 'Sign in first'), page);
    renewedIfEnded(new AppError('withheld', 'Not yours to read'), page);
    expect(went).toEqual([]);
    const ended = new AppError('sign-in-ended', "Your sign-in's ID token has ended");
    expect(renewedIfEnded(ended, page)).toBe(ended);
    renewedIfEnded(ended, page);
    expect(went).toEqual(['/auth/refresh?next=%2Fpods']);
  });
});

describe('queryKeys', () => {
  it('start every key about a cluster with its name, so two clusters never share an answer', () => {
    expect(queryKeys.table.rows('prd')).not.toEqual(queryKeys.table.rows('stg'));
    expect(queryKeys.pods.search('prd', 'shop', 'web')[0]).toBe('prd');
    expect(queryKeys.breakGlass.podsCreated('stg', 'x')[0]).toBe('stg');
    expect(queryKeys.access('stg', 1, '[]')[0]).toBe('stg');
    // a prefix of the same cluster's key still invalidates its kin (the break-glass steps invalidate the drill)
    expect(queryKeys.breakGlass.drill('prd').slice(0, 2)).toEqual([...queryKeys.breakGlass.state('prd')]);
  });
});
