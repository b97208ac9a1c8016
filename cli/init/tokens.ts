import { z } from 'zod';
import type { CustomerRole } from '../../spec/profile.schema.js';

/**
 * The tokens file of `init`: one customer per line, `ROLE TOKEN [TOKEN ...]` (further tokens of
 * the same customer on its line, as they share its rate limit). Roles are the profile's
 * (customers.<role>), `pool` once per extra customer, and `webhook` for the customer whose pro
 * area has the webhook target. Blank lines and lines starting with `#` are skipped; LF, CRLF and a
 * lone CR all end a line (a file saved with old Mac line ends would otherwise be one line whose
 * words after the first all become tokens of one customer).
 */
export const TOKEN_ROLES = ['primary', 'foreign', 'expiredUnlocked', 'locked', 'blocked', 'noHeatpumpRight', 'education', 'pool', 'webhook'] as const;
const roleSchema = z.enum(TOKEN_ROLES);
export type TokenRole = z.infer<typeof roleSchema>;

export interface TokenLine {
  line: number;
  tokens: string[];
}

export interface TokensFile {
  roles: Partial<Record<CustomerRole, TokenLine>> & { primary: TokenLine };
  pool: TokenLine[];
  webhook?: TokenLine;
}

export class TokensFileError extends Error {}

const EXAMPLE = 'primary <token of the primary customer>';

/**
 * Pool lines a file may hold. Each pool customer is read as a whole customer (its projects and
 * applications, paced at 2 per second), and a run spreads its work over the pool: a few dozen
 * customers already bring a run to the floor its limits set, so thousands are a mistake (a
 * customer export pasted whole), not a bigger test.
 */
export const MAX_POOL_LINES = 200;

/**
 * A token goes into an Authorization header: control characters there are refused by every HTTP
 * client (or worse, split the header), and characters beyond U+00FF cannot be sent at all.
 */
const UNSENDABLE = /[^\t\x20-\x7e\xa0-\xff]/u;

/**
 * A word a message may show whole: letters only and no longer than a role, so a misspelt role.
 * Anything else may be a token (a line holding only its token), and only its start is shown.
 */
const ROLE_LIKE = /^[A-Za-z]{1,16}$/;

const shown = (word: string): string => (ROLE_LIKE.test(word) ? word : `${word.slice(0, 3)}… (${word.length} characters)`);

/** Problems a message lists; a file of thousands of bad lines names the first ones and counts the rest. */
const PROBLEMS_SHOWN = 20;

function unsendable(raw: string, line: number): string | undefined {
  const found = UNSENDABLE.exec(raw);
  if (!found) return undefined;
  const code = `U+${(found[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  return `line ${line}: character ${code} at column ${found.index + 1}, which an Authorization header cannot carry. Fix: the token exactly as the pro area showed it (letters, digits and punctuation), one customer per line`;
}

export function parseTokensFile(text: string, source: string): TokensFile {
  const problems: string[] = [];
  const roles: Partial<Record<CustomerRole, TokenLine>> = {};
  const pool: TokenLine[] = [];
  let webhook: TokenLine | undefined;
  let poolOverflow = false;
  const roleLine = new Map<TokenRole, number>();
  const tokenLine = new Map<string, number>();
  text.replace(/^\ufeff/, '').split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = index + 1;
    const words = raw.trim().split(/[ \t]+/).filter(Boolean);
    const [name, ...tokens] = words;
    if (name === undefined || name.startsWith('#')) return;
    const refused = unsendable(raw, line);
    if (refused) {
      problems.push(refused);
      return;
    }
    const role = roleSchema.safeParse(name);
    if (!role.success) {
      const near = TOKEN_ROLES.find((r) => r.toLowerCase() === name.toLowerCase());
      const lone = tokens.length === 0 && !ROLE_LIKE.test(name) ? ' (a token without its role?)' : '';
      problems.push(`line ${line}: unknown role '${shown(name)}'${lone}. Fix: one of ${TOKEN_ROLES.join(', ')}${near ? ` (did you mean ${near}?)` : ''}, e.g. ${EXAMPLE}`);
      return;
    }
    if (tokens.length === 0) {
      problems.push(`line ${line}: '${name}' has no token. Fix: ${name} <token>, the token as the pro area showed it`);
      return;
    }
    if (tokens.some((t) => /^bearer$/i.test(t))) {
      problems.push(`line ${line}: 'Bearer' before the token. Fix: the bare token, without the "Bearer " prefix`);
      return;
    }
    const earlier = roleLine.get(role.data);
    if (earlier !== undefined && role.data !== 'pool') {
      problems.push(`line ${line}: '${name}' is on line ${earlier} already. Fix: put all tokens of one customer on one line (${name} TOKEN1 TOKEN2); only pool lines repeat, one per customer`);
      return;
    }
    const reused = tokens.map((t) => tokenLine.get(t)).find((l) => l !== undefined) ?? (new Set(tokens).size < tokens.length ? line : undefined);
    if (reused !== undefined) {
      problems.push(`line ${line}: a token that is on line ${reused} already. Fix: every role is a different customer with tokens of its own; give each token once`);
      return;
    }
    roleLine.set(role.data, line);
    for (const t of tokens) tokenLine.set(t, line);
    const entry = { line, tokens };
    if (role.data === 'pool' && pool.length === MAX_POOL_LINES) {
      // Named once, at the first line beyond the bound: the file's thousands of further lines add nothing.
      if (!poolOverflow) problems.push(`line ${line}: more than ${MAX_POOL_LINES} pool lines. Fix: the customers a test run needs (a few dozen bring a run to its limits' floor), at most ${MAX_POOL_LINES}`);
      poolOverflow = true;
      return;
    }
    if (role.data === 'pool') pool.push(entry);
    else if (role.data === 'webhook') webhook = entry;
    else roles[role.data] = entry;
  });
  const primary = roles.primary;
  if (!primary && problems.length === 0) problems.push(`no 'primary' line. Fix: add a line ${EXAMPLE} (only the primary customer is required)`);
  if (!primary || problems.length > 0) {
    const listed = problems.slice(0, PROBLEMS_SHOWN).map((p) => `  - ${p}`);
    if (problems.length > PROBLEMS_SHOWN) listed.push(`  - and ${problems.length - PROBLEMS_SHOWN} more problems`);
    throw new TokensFileError(`--tokens ${source}:\n${listed.join('\n')}`);
  }
  return { roles: { ...roles, primary }, pool, ...(webhook ? { webhook } : {}) };
}
