import { describe, expect, it } from 'vitest';
import { imageSettings, startSettings } from './deployed-memory';

describe('the deployed memory settings', () => {
  it('are the same in npm start and in the image', () => {
    expect(startSettings()).toEqual(imageSettings());
  });

  it("reads npm start's defaults and the image's ENV, quoted or not", () => {
    const script = JSON.stringify({
      scripts: {
        start:
          'NODE_OPTIONS="${NODE_OPTIONS:---max-old-space-size=9 --x}" MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-3} MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_:-7} next start',
      },
    });
    const want = { NODE_OPTIONS: '--max-old-space-size=9 --x', MALLOC_ARENA_MAX: '3', MALLOC_MMAP_THRESHOLD_: '7' };
    expect(startSettings(script)).toEqual(want);
    expect(imageSettings('FROM x\nENV NODE_OPTIONS="--max-old-space-size=9 --x" MALLOC_ARENA_MAX=3 MALLOC_MMAP_THRESHOLD_=7\n')).toEqual(
      want,
    );
  });

  it('names a setting that is missing', () => {
    expect(() => imageSettings('ENV NODE_OPTIONS=--x MALLOC_ARENA_MAX=2\n')).toThrow(/MALLOC_MMAP_THRESHOLD_ is not set/);
  });
});
