// Node's memory settings as memdash is deployed with them: the defaults of `npm start` (package.json), which the
// image's Dockerfile repeats. For a server started without npm start (the soak's replicas, the resource test), so
// that it is measured as it runs (docs/operations.md, Memory). Read from those two files, never written a third time.
import { readFileSync } from 'node:fs';

const NAMES = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'] as const;
const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');

/** `npm start`'s settings: each `NAME=${NAME:-default}` of its script. */
export function startSettings(packageJson = read('package.json')): Record<string, string> {
  const script = (JSON.parse(packageJson) as { scripts: { start: string } }).scripts.start;
  return settingsFrom(script, (name) => new RegExp(`\\$\\{${name}:-([^}]*)\\}`));
}

/** The image's settings: its `ENV NAME=value` or `NAME="value"`. */
export function imageSettings(dockerfile = read('Dockerfile')): Record<string, string> {
  return settingsFrom(dockerfile, (name) => new RegExp(`^ENV .*\\b${name}=(?:"([^"]*)"|(\\S+))`, 'm'));
}

function settingsFrom(text: string, pattern: (name: string) => RegExp): Record<string, string> {
  return Object.fromEntries(
    NAMES.map((name) => {
      const match = pattern(name).exec(text);
      const value = match?.[1] ?? match?.[2];
      if (value === undefined) throw new Error(`${name} is not set where memdash's memory settings are read`);
      return [name, value];
    }),
  );
}

/** The deployed settings; a start script and an image that differ stop the measurement, naming the setting. */
export function memorySettings(): Record<string, string> {
  const start = startSettings();
  const image = imageSettings();
  for (const name of NAMES)
    if (start[name] !== image[name])
      throw new Error(`npm start runs memdash with ${name}=${start[name]} but the image with ${image[name]}: make them the same`);
  return start;
}
