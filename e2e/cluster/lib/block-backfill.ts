// The bulk backfill of `cluster up --scale N`: every scaled pod's working set over the whole window, written by our
// block writer (e2e/cluster/backfill) straight into one TSDB block, since promtool's text input for tens of thousands
// of series would be tens of GB. The block is kept in the cache, keyed by the plans, so that a second `up` of the
// same cluster copies it instead of writing it again.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { buildEnv } from './binaries.ts';
import { cacheDir } from './paths.ts';
import { fail, log } from './log.ts';
import { STEP_SECONDS, writeSeries, type SeriesPlan, type SeriesSink } from './samples.ts';

const SRC = join(import.meta.dirname, '..', 'backfill');
/** A cached block whose window ended longer ago than this is written anew (its newest day would be missing). */
const REUSE_MS = 24 * 3600 * 1000;

/** The block writer's binary, keyed by a hash of its module's sources. */
function backfillBin(): string {
  const hash = createHash('sha256');
  for (const file of ['go.mod', 'go.sum', 'main.go'])
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(SRC, file)))
      .update('\0');
  return join(cacheDir, 'bin', `backfill-${hash.digest('hex').slice(0, 12)}`, 'backfill');
}

function ensureBackfillBin(): string {
  const bin = backfillBin();
  if (existsSync(bin)) return bin;
  execFileSync('nice', ['-n', '10', 'bash', join(import.meta.dirname, '..', 'build-backfill.sh')], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: buildEnv({ BACKFILL_SRC: SRC, BACKFILL_BIN: bin }),
  });
  if (!existsSync(bin)) fail(`build finished without ${bin}`);
  return bin;
}

/** Series as numbers on the block writer's stdin (the format main.go reads). */
class BlockSink implements SeriesSink {
  private readonly input: Writable;

  constructor(input: Writable) {
    this.input = input;
  }

  async family(): Promise<void> {}

  async series(name: string, labels: Record<string, string>, start: number, values: ArrayLike<number>): Promise<void> {
    const text = Buffer.from(JSON.stringify({ __name__: name, ...labels }));
    const frame = Buffer.alloc(4 + text.length + 20 + 8 * values.length);
    let at = frame.writeUInt32LE(text.length, 0);
    at += text.copy(frame, at);
    at = frame.writeBigInt64LE(BigInt(start * 1000), at);
    at = frame.writeBigInt64LE(BigInt(STEP_SECONDS * 1000), at);
    at = frame.writeUInt32LE(values.length, at);
    for (let i = 0; i < values.length; i++) at = frame.writeDoubleLE(values[i]!, at);
    await this.write(frame);
  }

  async end(): Promise<void> {
    await this.write(Buffer.alloc(4));
    this.input.end();
  }

  private async write(bytes: Buffer): Promise<void> {
    if (!this.input.write(bytes)) await once(this.input, 'drain');
  }
}

/** The block the plans make: their labels, windows and means, and the generator's and writer's sources. */
function plansHash(plans: SeriesPlan[]): string {
  const hash = createHash('sha256')
    .update(backfillBin())
    .update(readFileSync(join(import.meta.dirname, 'samples.ts')));
  for (const p of plans) hash.update(JSON.stringify(p)).update('\n');
  return hash.digest('hex');
}

interface Cached {
  end: number;
  plans: string;
  at: string;
}

/**
 * Fills `data` (emptied first) with the plans' block, and returns where its window ends: the cluster's cached block
 * when it is less than a day old and the plans at its end are still the same (same pods, same generator), else one
 * written now and kept. The cache is per state folder: another worktree's cluster has other pods.
 */
export async function bulkBackfill(data: string, stateDir: string, plans: (end: number) => SeriesPlan[], end: number): Promise<number> {
  const started = Date.now();
  const dir = join(cacheDir, 'backfill', createHash('sha256').update(stateDir).digest('hex').slice(0, 16));
  const meta = join(dir, 'cached.json');
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true });
  const cached = existsSync(meta) ? (JSON.parse(readFileSync(meta, 'utf8')) as Cached) : null;
  if (cached && Date.now() - cached.end * 1000 < REUSE_MS) {
    const again = plans(cached.end);
    if (plansHash(again) === cached.plans) {
      copyBlocks(join(dir, 'blocks'), data);
      log(`bulk backfill of ${again.length} series reused from ${dir} (written ${cached.at}) in ${seconds(started)} s`);
      return cached.end;
    }
  }
  const planned = plans(end);
  rmSync(meta, { force: true });
  const samples = await writeBlock(planned, join(dir, 'blocks'));
  writeFileSync(meta, JSON.stringify({ end, plans: plansHash(planned), at: new Date().toISOString() } satisfies Cached));
  const written = seconds(started);
  copyBlocks(join(dir, 'blocks'), data);
  log(`bulk backfill: ${planned.length} series, ${samples} working-set samples written in ${written} s (kept in ${dir})`);
  return end;
}

function copyBlocks(from: string, to: string): void {
  for (const block of readdirSync(from)) cpSync(join(from, block), join(to, block), { recursive: true });
}

async function writeBlock(plans: SeriesPlan[], blocks: string): Promise<number> {
  rmSync(blocks, { recursive: true, force: true });
  mkdirSync(blocks, { recursive: true });
  const writer = spawn('nice', ['-n', '10', ensureBackfillBin(), blocks], { stdio: ['pipe', 'inherit', 'inherit'] });
  const exited = once(writer, 'exit') as Promise<[number | null]>;
  writer.stdin.on('error', () => {}); // a writer that died says so by its exit code, below
  const sink = new BlockSink(writer.stdin);
  const samples = await writeSeries(sink, plans);
  await sink.end();
  const [code] = await exited;
  if (code !== 0) fail(`the block writer failed (exit ${code})`);
  return samples;
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
