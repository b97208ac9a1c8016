import { chmodSync, closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { parseProfile } from '../../spec/profile.schema.js';
import { draftProfile } from './draft.js';
import { customerProgress } from './customer-progress.js';
import { observe, type Wanted } from './observe.js';
import { MAX_POOL_LINES, parseTokensFile, TokensFileError, type TokenLine, type TokensFile } from './tokens.js';
import { UsageError } from '../command-line/usage.js';
import { readAtMost } from '../files/read-at-most.js';
import type { InitOptions } from './init-options.js';
import { createPacedReader, type PacedReader } from '../paced-reader.js';

/**
 * `npm run conformance -- init --base-url URL --tokens FILE --out PROFILE`: a draft profile from
 * tokens alone. It reads the target as each customer (GET only, paced per customer below the
 * limit, never the pdf endpoint), classifies what it sees, and writes a draft that parses with the
 * profile schema; what it inferred and what is still to do are printed and kept in the draft's
 * $comment fields. Exit 0 with a draft, 2 for a usage or tokens-file problem, 3 when the target
 * does not answer.
 */
const SCHEMA_FILE = resolve(import.meta.dirname, '../../spec/profile.schema.json');

export async function init(options: InitOptions, log: (line: string) => void): Promise<number> {
  if (!/\/api\/v2$/.test(new URL(options.baseUrl).pathname)) {
    throw new UsageError(`--base-url ${options.baseUrl} does not end in /api/v2 (the spec's path prefix). Fix: the API base, e.g. https://host/api/v2`);
  }
  const tokens = readTokens(options.tokens);
  const out = resolve(options.out);
  if (existsSync(out) && !options.force) throw new UsageError(`--out ${options.out} exists already. Fix: another path, or --force to overwrite it`);
  if (!existsSync(dirname(out))) throw new UsageError(`--out ${options.out}: the folder ${dirname(out)} does not exist. Fix: create it, or another path`);

  const reader = createPacedReader(options.baseUrl);
  try {
    await reader.getUrl(`${options.baseUrl}/health`);
  } catch (err) {
    log(`init: target unreachable: GET ${options.baseUrl}/health failed (${(err as Error).message}). Fix: check --base-url and that the service runs`);
    return 3;
  }
  log(`init: reading ${options.baseUrl} as the ${countCustomers(tokens)} customer(s) of ${options.tokens} (GET only, at most 2 requests per second per customer; the pdf endpoint is never called)`);
  const observed = await observeAll(reader, tokens, customerProgress(countCustomers(tokens), log));
  if (!observed.primary.listed) {
    throw new UsageError(`customers.primary (line ${tokens.roles.primary.line}): GET /reports answered ${observed.primary.list}, so nothing can be drafted. Fix: the token of a customer with an active annual license, as the pro area showed it`);
  }
  const draft = draftProfile({ ...observed, baseUrl: options.baseUrl, tokens, tokensSource: options.tokens, receiverUrl: options.receiverUrl, date: new Date() });
  const profile = parseProfile(draft.profile, 'the init draft');
  const json = { $schema: relative(dirname(out), SCHEMA_FILE), ...profile };
  writeFileSync(out, `${JSON.stringify(json, null, 2)}\n`, { mode: 0o600, flag: options.force ? 'w' : 'wx' });
  // The mode applies only to a new file; an overwritten one may have been readable by others.
  chmodSync(out, 0o600);

  log(`init: wrote ${options.out} (tokens inside: keep it out of the repository)`);
  log('inferred from the target\'s answers (confirm each):');
  draft.inferred.forEach((line) => log(`  - ${line}`));
  log('to do (init cannot observe these read-only; the draft\'s root $comment lists them too):');
  draft.todo.forEach((line, i) => log(`  ${i + 1}. ${line}`));
  log(`next: npm run conformance -- doctor --base-url ${options.baseUrl} --profile ${options.out}${profile.webhook ? ' --webhook-receiver PORT' : ''}`);
  return 0;
}

/** Far above a file of a few hundred customers' tokens; a larger one is not a tokens file (a device, a log). */
const TOKENS_FILE_MAX_BYTES = 1024 * 1024;

/** Bounded, so /dev/zero or a pasted log ends in a clear error, not in memory; a pipe (`--tokens <(pass show ...)`) works. */
function readBounded(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const bytes = readAtMost(fd, TOKENS_FILE_MAX_BYTES);
    if (bytes === undefined) throw new UsageError(`--tokens ${path}: more than ${TOKENS_FILE_MAX_BYTES} bytes, far more than a tokens file of ${MAX_POOL_LINES} pool customers needs. Fix: one line per customer: ROLE TOKEN`);
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function readTokens(path: string): TokensFile {
  let text: string;
  try {
    text = readBounded(path);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`--tokens ${path}: cannot read it (${(err as Error).message}). Fix: a file with one line per customer: ROLE TOKEN`);
  }
  try {
    return parseTokensFile(text, path);
  } catch (err) {
    if (err instanceof TokensFileError) throw new UsageError(err.message);
    throw err;
  }
}

const countCustomers = (t: TokensFile) => Object.keys(t.roles).length + t.pool.length + (t.webhook ? 1 : 0);

/** Each customer is read as much as the draft needs of it; customers go in parallel, each in its own pacing lane. */
async function observeAll(reader: PacedReader, tokens: TokensFile, counted: <T>(read: Promise<T>) => Promise<T>) {
  const as = (lane: string, line: TokenLine, wanted: Wanted) => counted(observe(reader, lane, line.tokens[0] as string, wanted));
  const optional = (lane: string, line: TokenLine | undefined, wanted: Wanted) => (line ? as(lane, line, wanted) : Promise.resolve(undefined));
  const [primary, foreign, expiredUnlocked, webhook, pool] = await Promise.all([
    as('primary', tokens.roles.primary, { projects: 'classify', funding: 'all' }),
    optional('foreign', tokens.roles.foreign, { projects: 'keys', funding: 'first' }),
    optional('expiredUnlocked', tokens.roles.expiredUnlocked, { projects: 'keys', funding: 'none' }),
    optional('webhook', tokens.webhook, { projects: 'results', funding: 'none' }),
    Promise.all(tokens.pool.map((line, i) => as(`pool[${i}]`, line, { projects: 'firstCalculable', funding: 'all' }))),
  ]);
  return { primary, foreign, expiredUnlocked, webhook, pool };
}
