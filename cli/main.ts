import { nodeFlagsFor } from './process-flags/node-flags.js';
import { relaunched } from './process-flags/relaunch.js';

/**
 * `npm run conformance -- [doctor|init] [options]`; exit codes in options.ts (USAGE). The first Ctrl-C
 * (SIGINT, or SIGTERM from a CI runner) stops the checks and still writes the reports, stops the
 * bundled server and removes its temporary directory; a second one exits at once.
 */
const argv = process.argv.slice(2);
const relaunch = relaunched(nodeFlagsFor(argv), argv);
if (relaunch !== undefined) process.exit(await relaunch);
// Imported only now: a command run again with its flags would have loaded the whole CLI twice.
const { runCli } = await import('./cli.js');
const { INTERRUPTED_EXIT_CODE } = await import('./run.js');
const interrupt = new AbortController();
let interruptedAt = 0;
const onSignal = () => {
  // Ctrl-C reaches this process more than once at once: from the terminal (the whole process
  // group), relayed by tsx's parent process and by a parent of relaunch.ts. Only a signal a
  // second later is the operator insisting.
  if (interrupt.signal.aborted) {
    if (Date.now() - interruptedAt > 1000) process.exit(INTERRUPTED_EXIT_CODE);
    return;
  }
  interruptedAt = Date.now();
  interrupt.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
const code = await runCli(argv, { out: (line) => console.log(line), err: (line) => console.error(line) }, interrupt.signal);
process.exit(code);
