import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The repository's own files a set of entry modules reach through relative imports (static,
 * dynamic and side-effect imports; `.js` specifiers name the `.ts` sources tsx runs). Packages
 * are not followed: npm installs them. Paths are relative to `root`, with forward slashes.
 */
export function importClosure(root: string, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of relativeSpecifiers(readFileSync(join(root, file), 'utf8'))) {
      const target = sourceOf(root, resolve(root, dirname(file), specifier));
      if (!target) throw new Error(`${file} imports ${specifier}, which does not exist`);
      pending.push(relative(root, target).split('\\').join('/'));
    }
  }
  return seen;
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.\.?\/[^'"]+)['"]/g;

function relativeSpecifiers(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1] as string);
}

function sourceOf(root: string, path: string): string | undefined {
  const candidates = path.endsWith('.js') ? [path.replace(/\.js$/, '.ts'), path] : [path, `${path}.ts`];
  return candidates.find((c) => c.startsWith(root) && existsSync(c));
}
