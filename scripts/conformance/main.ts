import { runCli } from './cli.js';

/** `npm run conformance -- [doctor] [options]`; exit codes in options.ts (USAGE). */
const code = await runCli(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) });
process.exit(code);
