/**
 * What a failing sequence leaves behind: the numbered list of its requests with the model's
 * prediction and the target's answer, and a shell script of curl lines that sends the same
 * requests again (tokens from `$CPF_TOKEN_<ROLE>`, keys and room ids taken from the answers).
 */
import { tokenVariable } from '../harness/exchange.js';
import type { JournalEntry } from './session.js';

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The journal's requests with their numbers: command n, request m of it (from 1). */
function numbered(journal: readonly JournalEntry[]): { entry: JournalEntry; command: number; request: number }[] {
  let command = 0;
  let request = 0;
  return journal.map((entry) => {
    if (entry.command !== command) {
      command = entry.command;
      request = 0;
    }
    request += 1;
    return { entry, command, request };
  });
}

/** The requests, numbered by command and request, each with its prediction and the answer. */
export function formatJournal(journal: readonly JournalEntry[]): string {
  const lines: string[] = [];
  for (const { entry, command, request } of numbered(journal)) {
    if (request === 1) lines.push(`${command}. ${entry.commandText}`);
    const { method, url, body } = entry.exchange.request;
    const path = new URL(url).pathname.replace(/^.*?\/api\/v2/, '');
    lines.push(`   ${command}.${request} ${method} ${path}${body === undefined ? '' : ` ${body.length > 300 ? `${body.slice(0, 300)}...` : body}`} (${entry.exchange.customer})`);
    lines.push(`       expected: ${entry.expected}`);
    lines.push(`       ${entry.findings.length > 0 ? `ACTUAL [${[...new Set(entry.findings.flatMap((f) => f.rules))].join(' ')}]` : 'actual'}: ${entry.actual}`);
  }
  return lines.join('\n');
}

/** The project key or room id a creation answer introduces, if any. */
function createdIdentifier(entry: JournalEntry): { value: string; kind: 'P' | 'R' } | undefined {
  const response = entry.exchange.response;
  if (!response || response.status !== 201) return undefined;
  try {
    const body = JSON.parse(response.body) as { projektHeader?: { key?: unknown }; room?: { id?: unknown } };
    if (typeof body.projektHeader?.key === 'string') return { value: body.projektHeader.key, kind: 'P' };
    if (typeof body.room?.id === 'string') return { value: body.room.id, kind: 'R' };
  } catch {
    // An answer that is not JSON created nothing the replay could name.
  }
  return undefined;
}

/** Placeholders (P1, R1, ...) for the keys and room ids a replay gets from the target's own answers. */
function identifiers(journal: readonly JournalEntry[]): Map<string, string> {
  const names = new Map<string, string>();
  const counts = { P: 0, R: 0 };
  for (const entry of journal) {
    const created = createdIdentifier(entry);
    if (created && !names.has(created.value)) names.set(created.value, `${created.kind}${++counts[created.kind]}`);
  }
  return names;
}

/**
 * A POSIX shell script replaying the requests against `$CPF_BASE_URL` (default: the run's target),
 * paced at one request per 0.6 s (within 2 per sliding second), printing each answer under the
 * run's prediction and, for the failing request, what the run got.
 */
export function replayScript(journal: readonly JournalEntry[], baseUrl: string, heading: string): string {
  const names = identifiers(journal);
  const variables = [...new Set(journal.map((e) => tokenVariable(e.exchange.customer)).filter((v): v is string => v !== undefined))];
  const lines = [
    '#!/bin/sh',
    `# ${heading}`,
    '# Replays the shrunk sequence of cpf-conformance explore against a target: the same requests in the same',
    '# order, keys and room ids taken from the target\'s answers. Tokens come from the variables below (the',
    '# profile role that sent each request); CPF_BASE_URL is the API base (default: the target of the run).',
    'set -u',
    ...variables.map((v) => `: "\${${v}:?set ${v} to the token of that profile customer}"`),
    `BASE="\${CPF_BASE_URL:-${baseUrl}}"`,
    'body=""',
    'step() {',
    '  label=$1; expected=$2; shift 2',
    "  out=$(curl -s -w '\\n%{http_code}' \"$@\")",
    "  code=$(printf '%s' \"$out\" | tail -n 1)",
    "  body=$(printf '%s' \"$out\" | sed '$d')",
    "  printf '%s -> HTTP %s %s\\n    expected: %s\\n' \"$label\" \"$code\" \"$body\" \"$expected\"",
    '  sleep 0.6',
    '}',
    "key_of() { printf '%s' \"$body\" | sed -n 's/.*\"projektHeader\" *: *{[^}]*\"key\" *: *\"\\([A-Za-z]*\\)\".*/\\1/p'; }",
    "room_of() { printf '%s' \"$body\" | sed -n 's/.*\"room\" *: *{ *\"id\" *: *\"\\([^\"]*\\)\".*/\\1/p'; }",
  ];
  for (const { entry, command, request } of numbered(journal)) {
    if (request === 1) lines.push('', `# ${command}. ${entry.commandText.replace(/\n/g, ' ')}`);
    const { method, url, body, headers } = entry.exchange.request;
    let target = url.startsWith(baseUrl) ? `\${BASE}${url.slice(baseUrl.length)}` : url;
    for (const [value, name] of names) target = target.split(encodeURIComponent(value)).join(`\${${name}}`);
    const variable = tokenVariable(entry.exchange.customer);
    const args = ['-X', method, `"${target}"`];
    for (const [name, value] of Object.entries(headers)) {
      args.push('-H', name.toLowerCase() === 'authorization' && variable ? `"Authorization: Bearer \${${variable}}"` : shellQuote(`${name}: ${value}`));
    }
    if (body !== undefined) args.push('--data-binary', shellQuote(body));
    lines.push(`step ${shellQuote(`${command}.${request} ${method}`)} ${shellQuote(entry.expected)} ${args.join(' ')}`);
    if (entry.findings.length > 0) lines.push(`echo ${shellQuote(`    the run got: ${entry.actual}`)}`);
    const created = createdIdentifier(entry);
    if (created) lines.push(`${names.get(created.value)}=$(${created.kind === 'P' ? 'key_of' : 'room_of'})`);
  }
  return `${lines.join('\n')}\n`;
}
