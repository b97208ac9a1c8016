import { parseCommandLine, type FlagTable } from '../../cli/command-line/flags.js';
import { numberFlag } from '../../cli/command-line/number-flag.js';
import { randomSeed } from '../seeded-random.js';
import { parseSourceAddresses } from '../source-addresses.js';

export interface LimiterOptions {
  baseUrl?: string;
  profile?: string;
  customer: string;
  connections: number;
  tokens?: number;
  duration: number;
  seed: number;
  report: string;
  fault?: string;
  /** `--source-addresses`: the flood's connection c sends from address c mod n. */
  sourceAddresses?: string[];
}

const FLAGS = {
  'base-url': { type: 'string', placeholder: 'URL', description: 'API base of the target (default: start the bundled reference server)' },
  profile: { type: 'string', placeholder: 'FILE', description: "target profile with the customer's tokens; required with --base-url" },
  customer: { type: 'string', placeholder: 'NAME', description: 'customer of the profile to load: primary (default), pool:N, or another role' },
  connections: { type: 'string', placeholder: 'N', description: 'parallel connections of the floods (default 200)' },
  tokens: { type: 'string', placeholder: 'K', description: 'tokens of the customer to spread over (default: all it has; the bundled server tops up)' },
  duration: { type: 'string', placeholder: 'S', description: 'seconds of traffic, at least 3 (default 30)' },
  seed: { type: 'string', placeholder: 'N', description: 'seed of the random bursts and pauses (default: random; printed for a rerun)' },
  'source-addresses': {
    type: 'string',
    placeholder: 'SPEC',
    description: "local addresses to send from, the flood's connection c from address c mod n: a comma list of\naddresses and IPv4 ranges A-B, e.g. 127.0.1.1-127.0.1.64 (on Linux all of 127.0.0.0/8 is local)",
  },
  report: { type: 'string', placeholder: 'FILE', description: 'JSON report (default reports/load/limiter.json)' },
  fault: {
    type: 'string',
    placeholder: 'ID',
    description: 'bundled server only: start it with this fault of faults/catalog (e.g. limiter-fixed-window), which must\nFAIL, or a conforming variant of load/conforming-targets.ts (limiter-late-decisions), which must PASS',
  },
} as const satisfies FlagTable;

export const LIMITER_COMMAND = {
  usage: 'Usage: npm run load:limiter -- [options]',
  flags: FLAGS,
  notes: 'Exit codes: 0 the limit held, 1 a violation was proven, 2 usage error, 3 target unreachable or harness error.',
} as const;

export function parseLimiterOptions(argv: readonly string[]): LimiterOptions {
  const { values } = parseCommandLine(argv, LIMITER_COMMAND);
  const count = (flag: 'connections' | 'tokens' | 'seed', min: number) => (values[flag] === undefined ? undefined : numberFlag(`--${flag}`, values[flag], { min, integer: true }));
  return {
    baseUrl: values['base-url'],
    profile: values.profile,
    customer: values.customer ?? 'primary',
    connections: count('connections', 1) ?? 200,
    tokens: count('tokens', 1),
    duration: values.duration === undefined ? 30 : numberFlag('--duration', values.duration, { min: 3 }),
    seed: count('seed', 0) ?? randomSeed(),
    report: values.report ?? 'reports/load/limiter.json',
    fault: values.fault,
    ...(values['source-addresses'] === undefined ? {} : { sourceAddresses: parseSourceAddresses(values['source-addresses']) }),
  };
}
