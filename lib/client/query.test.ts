import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { renewalPath, renewedIfEnded } from './query';

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
