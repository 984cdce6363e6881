import { describe, expect, it } from 'vitest';
import { goSize, heapCeilings, heapFlags, javaSize } from './heap-ceiling';

const Mi = 2 ** 20;
const Gi = 2 ** 30;

describe('javaSize and goSize', () => {
  it('reads the JVM sizes in k, m, g and t of either case, and plain bytes', () => {
    expect(javaSize('1g')).toBe(Gi);
    expect(javaSize('1G')).toBe(Gi);
    expect(javaSize('512m')).toBe(512 * Mi);
    expect(javaSize('2048k')).toBe(2 * Mi);
    expect(javaSize('1048576')).toBe(Mi);
    expect(javaSize('1.5g')).toBeNull();
    expect(javaSize('')).toBeNull();
    expect(javaSize('1gb')).toBeNull();
  });
  it("reads Go's sizes with B, KiB, MiB, GiB, TiB; off and nonsense are none", () => {
    expect(goSize('900MiB')).toBe(900 * Mi);
    expect(goSize('1GiB')).toBe(Gi);
    expect(goSize('1048576')).toBe(Mi);
    expect(goSize('off')).toBeNull();
    expect(goSize('1G')).toBeNull();
  });
});

describe('heapCeilings', () => {
  it('finds -Xmx in JAVA_TOOL_OPTIONS, JAVA_OPTS and the args; the last -Xmx wins', () => {
    const c = heapCeilings({ env: [{ name: 'JAVA_TOOL_OPTIONS', value: '-Xmx512m -Xmx1g -XX:+UseG1GC' }] }, null);
    expect(c).toEqual([{ runtime: 'JVM', bytes: Gi, source: 'JAVA_TOOL_OPTIONS: -Xmx512m -Xmx1g -XX:+UseG1GC' }]);
    expect(heapCeilings({ env: [{ name: 'JAVA_OPTS', value: '-Xmx256m' }] }, null)[0]!.bytes).toBe(256 * Mi);
    expect(heapCeilings({ command: ['java'], args: ['-Xmx2g', '-jar', 'app.jar'] }, null)).toEqual([
      { runtime: 'JVM', bytes: 2 * Gi, source: 'command: java -Xmx2g -jar app.jar' },
    ]);
  });
  it('takes MaxRAMPercentage as a share of the limit; without a limit its size is unknown', () => {
    expect(heapCeilings({ env: [{ name: 'JAVA_TOOL_OPTIONS', value: '-XX:MaxRAMPercentage=75.0' }] }, Gi)[0]!.bytes).toBe(0.75 * Gi);
    expect(heapCeilings({ env: [{ name: 'JAVA_TOOL_OPTIONS', value: '-XX:MaxRAMPercentage=75' }] }, null)[0]!.bytes).toBeNull();
    // -Xmx wins over the percentage, as in the JVM
    expect(heapCeilings({ args: ['-XX:MaxRAMPercentage=90', '-Xmx300m'] }, Gi)[0]!.bytes).toBe(300 * Mi);
    expect(heapCeilings({ args: ['-XX:MaxRAMPercentage=900'] }, Gi)).toEqual([]);
  });
  it('finds GOMEMLIMIT and NODE_OPTIONS / --max-old-space-size (MiB)', () => {
    expect(heapCeilings({ env: [{ name: 'GOMEMLIMIT', value: '900MiB' }] }, null)).toEqual([
      { runtime: 'Go runtime', bytes: 900 * Mi, source: 'GOMEMLIMIT: 900MiB' },
    ]);
    expect(heapCeilings({ env: [{ name: 'NODE_OPTIONS', value: '--max-old-space-size=4096' }] }, null)[0]!.bytes).toBe(4096 * Mi);
    expect(heapCeilings({ args: ['node', '--max_old_space_size=384', 'worker.js'] }, null)[0]).toMatchObject({
      runtime: 'Node.js',
      bytes: 384 * Mi,
    });
  });
  it('ignores a value from a ConfigMap, other variables and bad sizes', () => {
    expect(
      heapCeilings({ env: [{ name: 'JAVA_TOOL_OPTIONS' }, { name: 'XMX', value: '-Xmx1g' }, { name: 'GOMEMLIMIT', value: 'off' }] }, null),
    ).toEqual([]);
    expect(heapCeilings({ args: ['-Xmx', '-Xmxlots', '--max-old-space-size=big'] }, null)).toEqual([]);
    expect(heapCeilings({}, null)).toEqual([]);
  });
  it('cuts a long source to a readable excerpt', () => {
    const long = `-Xmx1g ${'-Dx=y '.repeat(40)}`;
    expect(heapCeilings({ env: [{ name: 'JAVA_OPTS', value: long }] }, null)[0]!.source.length).toBeLessThanOrEqual(92);
  });
});

describe('heapFlags', () => {
  const jvm = { runtime: 'JVM' as const, bytes: Gi, source: 'JAVA_TOOL_OPTIONS: -Xmx1g' };
  it('flags a ceiling above the request, in one line', () => {
    expect(heapFlags([jvm], 300 * Mi, 300 * Mi)).toEqual([
      { ceiling: jvm, line: 'the JVM may grow to 1024Mi; the request is 300Mi (JAVA_TOOL_OPTIONS: -Xmx1g)' },
    ]);
  });
  it('names the next pod when its request differs', () => {
    expect(heapFlags([jvm], 2 * Gi, 900 * Mi)[0]!.line).toBe(
      'the JVM may grow to 1024Mi; its next pod gets 900Mi (JAVA_TOOL_OPTIONS: -Xmx1g)',
    );
    expect(heapFlags([jvm], 300 * Mi, 400 * Mi)[0]!.line).toContain('the request is 300Mi, its next pod gets 400Mi');
  });
  it('says nothing of a ceiling within the request and the next pod', () => {
    expect(heapFlags([jvm], 2 * Gi, 2 * Gi)).toEqual([]);
    expect(heapFlags([jvm], Gi, null)).toEqual([]);
  });
  it('says when there is no request at all, and when the size follows the node', () => {
    expect(heapFlags([jvm], null, null)[0]!.line).toContain('the container has no request');
    const relative = { runtime: 'JVM' as const, bytes: null, source: 'JAVA_TOOL_OPTIONS: -XX:MaxRAMPercentage=75' };
    expect(heapFlags([relative], 300 * Mi, null)[0]!.line).toContain("share of the node's memory");
  });
});
