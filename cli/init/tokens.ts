import { z } from 'zod';
import type { CustomerRole } from '../../spec/profile.schema.js';

/**
 * The tokens file of `init`: one customer per line, `ROLE TOKEN [TOKEN ...]` (further tokens of
 * the same customer on its line, as they share its rate limit). Roles are the profile's
 * (customers.<role>), `pool` once per extra customer, and `webhook` for the customer whose pro
 * area has the webhook target. Blank lines and lines starting with `#` are skipped.
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

export function parseTokensFile(text: string, source: string): TokensFile {
  const problems: string[] = [];
  const roles: Partial<Record<CustomerRole, TokenLine>> = {};
  const pool: TokenLine[] = [];
  let webhook: TokenLine | undefined;
  const roleLine = new Map<TokenRole, number>();
  const tokenLine = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const words = raw.trim().split(/\s+/).filter(Boolean);
    const [name, ...tokens] = words;
    if (name === undefined || name.startsWith('#')) return;
    const role = roleSchema.safeParse(name);
    if (!role.success) {
      const near = TOKEN_ROLES.find((r) => r.toLowerCase() === name.toLowerCase());
      problems.push(`line ${line}: unknown role '${name}'. Fix: one of ${TOKEN_ROLES.join(', ')}${near ? ` (did you mean ${near}?)` : ''}, e.g. ${EXAMPLE}`);
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
    if (role.data === 'pool') pool.push(entry);
    else if (role.data === 'webhook') webhook = entry;
    else roles[role.data] = entry;
  });
  const primary = roles.primary;
  if (!primary && problems.length === 0) problems.push(`no 'primary' line. Fix: add a line ${EXAMPLE} (only the primary customer is required)`);
  if (!primary || problems.length > 0) throw new TokensFileError(`--tokens ${source}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return { roles: { ...roles, primary }, pool, ...(webhook ? { webhook } : {}) };
}
