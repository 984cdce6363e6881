import { describe, expect, it } from 'vitest';
import { EXIT_USAGE, main, type Io } from './main';
import { COMMANDS } from './usage';

// The front of the CLI: flags and command names are checked before anything reads a cluster or a store.
function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const seen = { out: '', err: '' };
  const io: Io = { out: (t) => void (seen.out += t), err: (t) => void (seen.err += t) };
  return main(argv, io).then((code) => ({ code, ...seen }));
}

describe('memdash usage', () => {
  it('prints the help with exit 0, with no command or with --help', async () => {
    for (const argv of [[], ['--help'], ['-h']]) {
      const answer = await run(argv);
      expect({ argv, code: answer.code }).toEqual({ argv, code: 0 });
      expect(answer.out).toContain('Commands:');
    }
  });

  it("prints each command's own help with exit 0", async () => {
    for (const command of COMMANDS) {
      const answer = await run([command, '--help']);
      expect(answer.code).toBe(0);
      expect(answer.out).toMatch(new RegExp(`^memdash ${command}`));
    }
  });

  it('refuses an unknown command, an unknown flag and a flag missing its value with 64, saying which', async () => {
    const unknown = await run(['nonsense']);
    expect([unknown.code, unknown.err]).toEqual([EXIT_USAGE, expect.stringContaining('no command "nonsense"')]);
    const flag = await run(['health', '--nonsense']);
    expect([flag.code, flag.err]).toEqual([64, expect.stringContaining("Unknown option '--nonsense'")]);
    const value = await run(['explain', '--context']);
    expect(value.code).toBe(64);
    expect((await run(['nonsense', '--help'])).code).toBe(64);
  });

  it('names exit codes 1 and 2 in the help, as memdash health uses them', async () => {
    const help = (await run(['health', '--help'])).out;
    expect(help).toContain('Exit codes: 0 healthy; 1 degraded, starting or orphaned (at risk); 2 refusing or break-glass; 3 unreadable.');
  });
});

describe('memdash with several clusters', () => {
  it('refuses --all on a command other than health, before reading anything', async () => {
    const answer = await run(['explain', 'shop/web', '--all']);
    expect([answer.code, answer.err]).toEqual([64, expect.stringContaining('--all is for health only')]);
  });

  it('health --all exits with the worst: refused, then unreadable, then at risk, then healthy', async () => {
    const { worstExit } = await import('./commands');
    expect(worstExit([0, 1, 3, 2])).toBe(2);
    expect(worstExit([0, 3, 1])).toBe(3);
    expect(worstExit([0, 1, 0])).toBe(1);
    expect(worstExit([0, 0])).toBe(0);
  });
});
