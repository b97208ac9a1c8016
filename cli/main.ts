import { runCli } from './cli.js';
import { INTERRUPTED_EXIT_CODE } from './run.js';

/**
 * `npm run conformance -- [doctor|init] [options]`; exit codes in options.ts (USAGE). The first Ctrl-C
 * (SIGINT, or SIGTERM from a CI runner) stops the checks and still writes the reports, stops the
 * bundled server and removes its temporary directory; a second one exits at once.
 */
const interrupt = new AbortController();
let interruptedAt = 0;
const onSignal = () => {
  // Ctrl-C reaches this process twice at once: from the terminal (the whole process group) and
  // relayed by tsx's parent process. Only a signal a second later is the operator insisting.
  if (interrupt.signal.aborted) {
    if (Date.now() - interruptedAt > 1000) process.exit(INTERRUPTED_EXIT_CODE);
    return;
  }
  interruptedAt = Date.now();
  interrupt.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
const code = await runCli(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) }, interrupt.signal);
process.exit(code);
