import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export interface KitIdentity {
  name: string;
  version: string;
  commit?: string;
}

/** The kit's name and version, and its commit when it runs from a checkout (read from .git, no git needed): what statements carry and `--version` prints. */
export function kitIdentity(): KitIdentity {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
  const commit = headCommit();
  return { name: pkg.name, version: pkg.version, ...(commit ? { commit } : {}) };
}

/** `cpf-conformance 0.1.0`, with the commit where there is one. */
export function kitVersionLine(kit: KitIdentity = kitIdentity()): string {
  return `${kit.name} ${kit.version}${kit.commit ? ` (commit ${kit.commit})` : ''}`;
}

function headCommit(): string | undefined {
  try {
    const head = readFileSync(join(ROOT, '.git', 'HEAD'), 'utf8').trim();
    const ref = /^ref: (.+)$/.exec(head)?.[1];
    const commit = ref ? readFileSync(join(ROOT, '.git', ref), 'utf8').trim() : head;
    return /^[0-9a-f]{40}$/.test(commit) ? commit : undefined;
  } catch {
    return undefined;
  }
}
