import { parseArgs } from 'node:util';
import { HelpRequested, UsageError } from './usage.js';

/**
 * One flag table per command, read by node:util parseArgs: the table is the parser and the
 * --help text both, so a flag cannot be taken without being documented or the other way round.
 * Every mistake on the command line is a UsageError naming the flag and the fix (exit 2).
 */
export interface Flag {
  type: 'string' | 'boolean';
  /** Repeatable (string flags): every value is kept, in order. */
  multiple?: boolean;
  short?: string;
  /** Names the value in --help, e.g. URL (string flags; default VALUE). */
  placeholder?: string;
  /** What --help says of it; further lines are indented under the first. */
  description: string;
}

export type FlagTable = Readonly<Record<string, Flag>>;

type FlagValue<F extends Flag> = F extends { type: 'boolean' } ? boolean : F extends { multiple: true } ? string[] : string;
export type FlagValues<T extends FlagTable> = { -readonly [K in keyof T]?: FlagValue<T[K]> };

export interface CommandLine<T extends FlagTable> {
  /** The head of --help, e.g. `Usage: npm run faults -- [options]`; also the fix of a wrong bare argument. */
  usage: string;
  flags: T;
  /** The bare arguments it takes, as the usage names them (e.g. DIR...); without, any is a usage error. */
  positionals?: { name: string; min?: number; max?: number };
  /** Printed by --help after the flag lines. */
  notes?: string;
}

/** A flag the table does not hold: callers that know where it belongs (another subcommand) can say so. */
export class UnknownFlag extends UsageError {
  constructor(
    readonly flag: string,
    message: string,
  ) {
    super(message);
  }
}

const HELP: Flag = { type: 'boolean', short: 'h', description: 'print this help' };
/** The column of the descriptions in --help. */
const COLUMN = 20;

/** The flag lines of --help, one entry per flag of the table. */
export function flagLines(flags: FlagTable): string {
  return Object.entries(flags)
    .map(([name, flag]) => {
      const left = `${flag.short ? `-${flag.short}, ` : ''}--${name}${flag.type === 'string' ? ` ${flag.placeholder ?? 'VALUE'}` : ''}`;
      const [first, ...more] = flag.description.split('\n');
      return [`  ${left.length < COLUMN ? left.padEnd(COLUMN) : `${left}  `}${first}`, ...more.map((line) => `${' '.repeat(COLUMN + 2)}${line}`)].join('\n');
    })
    .join('\n');
}

/** The whole --help of a command. */
export function helpText<T extends FlagTable>(command: CommandLine<T>): string {
  return [command.usage, flagLines({ ...command.flags, help: HELP }), command.notes].filter((part) => part !== undefined && part !== '').join('\n');
}

/**
 * Reads argv against the command's table. `--flag value` and `--flag=value` both work, and a value
 * may start with a dash (`--seed -5`); --help or -h anywhere throws HelpRequested with helpText.
 */
export function parseCommandLine<T extends FlagTable>(argv: readonly string[], command: CommandLine<T>): { values: FlagValues<T>; positionals: string[] } {
  const { values, positionals } = readFlags(argv, command, false);
  checkPositionals(positionals, command);
  return { values, positionals };
}

/**
 * For a command that hands on what it does not take (conformance:external to the CLI): its own
 * flags read as parseCommandLine reads them, every other argument kept in order in `rest`.
 */
export function takeCommandLine<T extends FlagTable>(argv: readonly string[], command: CommandLine<T>): { values: FlagValues<T>; rest: string[] } {
  const { values, rest } = readFlags(argv, command, true);
  return { values, rest };
}

function readFlags<T extends FlagTable>(argv: readonly string[], command: CommandLine<T>, keepOthers: boolean): { values: FlagValues<T>; positionals: string[]; rest: string[] } {
  const options = { ...command.flags, help: HELP };
  // Not strict: the tokens are checked below, so that each mistake gets its own message and fix.
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  if (tokens.some((t) => t.kind === 'option' && t.name === 'help')) throw new HelpRequested(helpText(command));
  const values: Record<string, string | boolean | string[]> = {};
  const positionals: string[] = [];
  const taken = new Set<number>();
  for (const token of tokens) {
    if (token.kind === 'positional') positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const flag = command.flags[token.name];
    if (!flag) {
      if (keepOthers) continue;
      const known = Object.keys(command.flags).map((name) => `--${name}`);
      throw new UnknownFlag(token.rawName, `unknown option '${token.rawName}'. Fix: ${known.length > 0 ? `use one of ${known.join(', ')}` : 'it takes no options'} (see --help)`);
    }
    taken.add(token.index);
    if (flag.type === 'boolean') {
      if (token.inlineValue) throw new UsageError(`${token.rawName} takes no value. Fix: ${token.rawName} alone (see --help)`);
      values[token.name] = true;
      continue;
    }
    if (token.value === undefined || token.value === '') {
      throw new UsageError(`${token.rawName} needs a value. Fix: ${token.rawName} ${flag.placeholder ?? 'VALUE'} (see --help)`);
    }
    if (!token.inlineValue) taken.add(token.index + 1);
    if (flag.multiple) values[token.name] = [...((values[token.name] as string[] | undefined) ?? []), token.value];
    else values[token.name] = token.value;
  }
  return { values: values as FlagValues<T>, positionals, rest: argv.filter((_, i) => !taken.has(i)) };
}

function checkPositionals(positionals: readonly string[], command: CommandLine<FlagTable>): void {
  const { name, min = 0, max = Infinity } = command.positionals ?? { name: '', max: 0 };
  if (positionals.length > max) {
    const extra = positionals[max] as string;
    throw new UsageError(`${max === 0 ? 'unexpected argument' : `too many arguments (at most ${max}: ${name}), got also`} '${extra}'. Fix: ${command.usage.split('\n')[0]}`);
  }
  if (positionals.length < min) throw new UsageError(`missing ${name} (got ${positionals.length} of at least ${min} arguments). Fix: ${command.usage.split('\n')[0]}`);
}
