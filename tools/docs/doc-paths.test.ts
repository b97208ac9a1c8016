import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { docReferences, isRepositoryPath, pageAnchors } from './doc-references.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
const text = new Map(pages.map((page) => [page, readFileSync(join(root, page), 'utf8')]));
const scripts = z.object({ scripts: z.record(z.string(), z.string()) }).parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).scripts;

function read(page: string): string {
  const content = text.get(page) ?? (existsSync(join(root, page)) ? readFileSync(join(root, page), 'utf8') : undefined);
  if (content === undefined) throw new Error(`${page} is not a page of the repository`);
  return content;
}

describe('paths named in README.md and docs/*.md', () => {
  it.each(pages)('%s names only paths that exist', (page) => {
    const missing = docReferences(read(page)).paths.filter((ref) => !existsSync(join(root, ref.path)));
    expect(missing.map((ref) => `${page}:${ref.line} ${ref.path}`)).toEqual([]);
  });

  it.each(pages)('%s links only to files and anchors that exist', (page) => {
    const broken: string[] = [];
    for (const link of docReferences(read(page)).links) {
      const target = link.target === '' ? page : relative(root, join(root, dirname(page), link.target));
      if (!existsSync(join(root, target))) broken.push(`${page}:${link.line} ${link.target}`);
      else if (link.anchor !== undefined && target.endsWith('.md') && !pageAnchors(read(target)).has(link.anchor)) {
        broken.push(`${page}:${link.line} ${link.target}#${link.anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it.each(pages)('%s runs only scripts package.json has', (page) => {
    const unknown = docReferences(read(page)).scripts.filter((ref) => !(ref.script.replace(/[.:]+$/, '') in scripts));
    expect(unknown.map((ref) => `${page}:${ref.line} npm run ${ref.script}`)).toEqual([]);
  });
});

describe('what counts as a path', () => {
  it('takes folder paths and root files, leaves out placeholders, URLs and outputs', () => {
    expect(['cli/main.ts', 'spec/', 'package.json', 'vitest.conformance.config.ts', '.ci/run'].filter(isRepositoryPath)).toHaveLength(5);
    expect(['suites/<area>/', 'faults/catalog/*.ts', 'reports/summary.json', 'https://example.com/cli/x', 'tokens.txt', '$CPF_DIR/spec'].filter(isRepositoryPath)).toEqual([]);
  });

  it('reads code spans, code blocks and links, and anchors of headings and ids', () => {
    const refs = docReferences('See `npx vitest run tools/docs` and [pacing](pacing.md#leases).\n```sh\nnpm run faults -- --only x\ncat spec/profile.example.json\n```\n');
    expect(refs.paths.map((ref) => ref.path)).toEqual(['tools/docs', 'spec/profile.example.json']);
    expect(refs.links).toEqual([{ target: 'pacing.md', anchor: 'leases', line: 1 }]);
    expect(refs.scripts.map((ref) => ref.script)).toEqual(['faults']);
    expect([...pageAnchors('## Leases: small profiles\n<a id="meta"></a>\n### `--image` target')]).toEqual(['leases-small-profiles', 'meta', '--image-target']);
  });
});
