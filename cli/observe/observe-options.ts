import { flagLines, parseCommandLine, UnknownFlag, type FlagTable } from '../command-line/flags.js';
import { numberFlag } from '../command-line/number-flag.js';
import { UsageError } from '../command-line/usage.js';

/** Where the traffic comes from: recorded files, or live through the recording proxy. */
export type ObserveInput =
  | { kind: 'har' | 'log'; files: string[] }
  | { kind: 'proxy'; listen: number; upstream: string; flushSeconds?: number; record?: string };

export interface ObserveOptions {
  input: ObserveInput;
  reportDir: string;
  html: boolean;
  keepBodies: boolean;
  /** Declared by the user: each customer of the traffic has one token (JudgeOptions). */
  oneTokenPerCustomer: boolean;
  signKey?: string;
}

export const OBSERVE_USAGE = 'npm run conformance -- observe (--har FILE [FILE ...] | --log FILE [FILE ...] | --listen PORT --upstream URL) [options]';

export const OBSERVE_FLAGS = {
  har: { type: 'string', multiple: true, placeholder: 'FILE', description: 'judge HAR 1.2 files (browsers, Playwright recordHar, mitmproxy); further files may follow it' },
  log: { type: 'string', multiple: true, placeholder: 'FILE', description: "judge the kit's exchange logs (--record of the proxy); further files may follow it" },
  listen: { type: 'string', placeholder: 'PORT', description: 'run the recording proxy on this port of 127.0.0.1, forwarding every request unchanged to --upstream' },
  upstream: { type: 'string', placeholder: 'URL', description: 'the implementation the proxy forwards to, e.g. http://127.0.0.1:8080 (its origin; paths pass as sent)' },
  'flush-seconds': { type: 'string', placeholder: 'S', description: 'proxy: write the reports every S seconds as well as on SIGINT/SIGTERM (default: only then)' },
  record: { type: 'string', placeholder: 'FILE', description: 'proxy: also write the traffic to FILE as an exchange log (tokens hashed, bodies kept) to judge again with --log' },
  'report-dir': { type: 'string', placeholder: 'DIR', description: 'where the reports go (default: reports/observe)' },
  'no-html': { type: 'boolean', description: 'skip building the Allure HTML report' },
  'keep-bodies': { type: 'boolean', description: "keep failed exchanges' bodies whole in the reports, personal fields too (default: replaced)" },
  'one-token-per-customer': { type: 'boolean', description: "declare that every customer of the traffic uses one token: the rate limit is judged per token, so a 429 amid other customers' requests can be proven wrong (default: tokens may share a customer's limit)" },
  'sign-key': { type: 'string', placeholder: 'FILE', description: "sign the observation's statement.json with this Ed25519 private key PEM" },
} as const satisfies FlagTable;

const OBSERVE_SUMMARY = 'judges traffic the kit did not send, against every rule decidable from it; sends nothing of its own.';

export const OBSERVE_HELP = `Subcommand observe: ${OBSERVE_USAGE}\n  ${OBSERVE_SUMMARY}\n${flagLines(OBSERVE_FLAGS)}`;

const OBSERVE_COMMAND = { usage: `Usage: ${OBSERVE_USAGE}\n  ${OBSERVE_SUMMARY}`, flags: OBSERVE_FLAGS, positionals: { name: 'FILE' } } as const;

/** observe's arguments (after the word observe). */
export function parseObserveOptions(argv: readonly string[]): ObserveOptions {
  let parsed;
  try {
    parsed = parseCommandLine(argv, OBSERVE_COMMAND);
  } catch (err) {
    if (err instanceof UnknownFlag) throw new UsageError(`observe does not take ${err.flag}. Fix: ${OBSERVE_USAGE}`);
    throw err;
  }
  const { values, positionals } = parsed;
  const given = (['har', 'log', 'listen'] as const).filter((name) => values[name] !== undefined);
  if (given.length !== 1) {
    throw new UsageError(`observe needs exactly one of --har, --log and --listen${given.length > 1 ? ` (given: ${given.map((g) => `--${g}`).join(', ')})` : ''}. Fix: ${OBSERVE_USAGE}`);
  }
  const common = { reportDir: values['report-dir'] ?? 'reports/observe', html: values['no-html'] !== true, keepBodies: values['keep-bodies'] === true, oneTokenPerCustomer: values['one-token-per-customer'] === true, ...(values['sign-key'] !== undefined && { signKey: values['sign-key'] }) };
  const kind = given[0] as 'har' | 'log' | 'listen';
  if (kind !== 'listen') {
    for (const flag of ['upstream', 'flush-seconds', 'record'] as const) if (values[flag] !== undefined) throw new UsageError(`--${flag} belongs to the proxy (--listen). Fix: leave it out, or observe live with --listen PORT --upstream URL`);
    return { ...common, input: { kind, files: [...(values[kind] ?? []), ...positionals] } };
  }
  if (positionals.length > 0) throw new UsageError(`'${positionals[0]}': the proxy reads no files. Fix: judge files with --har or --log, or leave them out`);
  const upstream = values.upstream;
  if (upstream === undefined) throw new UsageError(`--listen needs --upstream URL, the implementation to forward to. Fix: ${OBSERVE_USAGE}`);
  const flush = values['flush-seconds'];
  return {
    ...common,
    input: {
      kind: 'proxy',
      listen: numberFlag('--listen', values.listen as string, { min: 0, max: 65535, integer: true }),
      upstream: upstreamOrigin(upstream),
      ...(flush !== undefined && { flushSeconds: numberFlag('--flush-seconds', flush, { min: 1, integer: true }) }),
      ...(values.record !== undefined && { record: values.record }),
    },
  };
}

/** The proxy forwards paths as sent, so only the upstream's origin counts. */
function upstreamOrigin(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || !/^https?:$/.test(url.protocol)) throw new UsageError(`--upstream '${value}' is not an http(s) URL. Fix: the implementation's address, e.g. http://127.0.0.1:8080`);
  return url.origin;
}
