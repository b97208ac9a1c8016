/**
 * For the small scripts: `--help` prints the usage and exits 0; anything they do not take is a
 * usage error (exit 2) that names the argument and shows the usage, instead of being ignored or
 * taken for a file name.
 */
export function exitWithUsage(usage: string, arg?: string): never {
  if (arg === undefined || arg === '--help' || arg === '-h') {
    console.log(usage);
    process.exit(0);
  }
  console.error(`unknown argument '${arg}'\n${usage}`);
  process.exit(2);
}

/** For scripts that take no arguments at all. */
export function takeNoArguments(argv: readonly string[], usage: string): void {
  if (argv.length > 0) exitWithUsage(usage, argv[0]);
}
