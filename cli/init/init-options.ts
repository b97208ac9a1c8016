import { parseBaseUrl } from '../base-url.js';
import { flagLines, parseCommandLine, UnknownFlag, type FlagTable } from '../command-line/flags.js';
import { UsageError } from '../command-line/usage.js';
import { TOKEN_ROLES } from './tokens.js';

/** What `init` needs: the target, the tokens file, where the draft goes, and the webhook receiver's public URL. */
export interface InitOptions {
  baseUrl: string;
  tokens: string;
  out: string;
  force: boolean;
  receiverUrl?: string | undefined;
}

export const INIT_USAGE = 'npm run conformance -- init --base-url URL --tokens FILE --out PROFILE [--force] [--receiver-url URL]';

/** init's own flags, besides --base-url (shown by the CLI's --help under the subcommand). */
export const INIT_FLAGS = {
  tokens: {
    type: 'string',
    placeholder: 'FILE',
    description: `one customer per line: ROLE TOKEN [TOKEN ...] (further tokens of the same customer), ROLE one of\n${TOKEN_ROLES.join(', ')}\n(pool: one line per pool customer); blank lines and # comments allowed`,
  },
  out: { type: 'string', placeholder: 'PROFILE', description: 'where the draft goes; an existing file is kept unless --force' },
  force: { type: 'boolean', description: 'overwrite an existing --out file' },
  'receiver-url': { type: 'string', placeholder: 'URL', description: 'the webhook target configured in the pro area of the webhook line\'s customer (drafts webhook)' },
} as const satisfies FlagTable;

const INIT_SUMMARY = 'drafts a profile from tokens (GET only, paced, never the pdf endpoint); then run doctor on it.';

/** init's part of the CLI's --help. */
export const INIT_HELP = `Subcommand init: ${INIT_USAGE}\n  ${INIT_SUMMARY}\n${flagLines(INIT_FLAGS)}`;

const INIT_COMMAND = {
  usage: `Usage: ${INIT_USAGE}\n  ${INIT_SUMMARY}`,
  flags: { 'base-url': { type: 'string', placeholder: 'URL', description: 'API base of the target, e.g. https://api.example.com/api/v2' }, ...INIT_FLAGS },
} as const;

/** `init`'s arguments (after the word init): it reads a target given by URL and writes a profile, and takes nothing else. */
export function parseInitOptions(argv: readonly string[]): InitOptions {
  let values;
  try {
    ({ values } = parseCommandLine(argv, INIT_COMMAND));
  } catch (err) {
    if (err instanceof UnknownFlag) throw new UsageError(`init does not take ${err.flag}. Fix: ${INIT_USAGE}`);
    throw err;
  }
  const { tokens, out } = values;
  const baseUrl = values['base-url'] === undefined ? undefined : parseBaseUrl(values['base-url']);
  const receiverUrl = values['receiver-url'];
  if (receiverUrl !== undefined && (!/^https?:\/\/[^/]/.test(receiverUrl) || !URL.canParse(receiverUrl))) {
    throw new UsageError(`--receiver-url '${receiverUrl}' is not an http(s) URL. Fix: the public URL of the receiver as configured as webhook target in the pro area`);
  }
  if (baseUrl === undefined || tokens === undefined || out === undefined) {
    const missing = baseUrl === undefined ? '--base-url' : tokens === undefined ? '--tokens' : '--out';
    throw new UsageError(`init needs ${missing}. Fix: ${INIT_USAGE}`);
  }
  return { baseUrl, tokens, out, force: values.force === true, receiverUrl };
}
