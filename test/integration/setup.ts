// Runs before each integration test file: the file gets a history store of its own in a fresh temporary folder,
// never the developer's ./data/memdash.sqlite, so what a test records or imports meets no earlier run's history.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.MEMDASH_HISTORY_PATH = join(mkdtempSync(join(tmpdir(), 'memdash-it-store-')), 'memdash.sqlite');
