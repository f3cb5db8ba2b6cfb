/**
 * The release commands as a program: `node release/src/run.js <command> <remote> ...`, which the npm
 * scripts (`npm run release`, `rollback`, `promote`, `releases`, `prune`) run; cli.ts parses and runs it.
 *
 * Each command is a process of its own, and half of its time went on compiling: the tooling's
 * TypeScript and the deployed shell's server build, which writes the pages for static hosts (issue 22).
 * Node keeps compiled code between runs (in the system's temporary folder) for what is loaded after it
 * is told to, so the rest is imported here only then. This file is JavaScript: Node loads its
 * TypeScript stripper (40 ms) only for a file it has not kept yet.
 */
import { enableCompileCache } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

enableCompileCache();
const { main } = await import('./cli.ts');
const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
process.exitCode = await main(process.argv.slice(2), root, process.env, (line) => console.log(line));
