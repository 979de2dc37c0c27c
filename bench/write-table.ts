/** `npm run bench:table`: rewrites the table of bench/README.md from bench/results.json, without measuring. */
import { readRecord, writeReadmeTable } from './lib/record.js';

await writeReadmeTable(await readRecord());
