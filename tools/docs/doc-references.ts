/**
 * What a markdown page of this repository names: repository paths (in code spans, code blocks and
 * links), links to other pages and their anchors, and `npm run` scripts. The docs test checks each
 * against the checkout, so a moved file cannot leave a page pointing at nothing.
 */

/** The folders a repository path starts with; any other first segment is not a path of this repository. */
export const TOP_LEVEL_FOLDERS = ['bin', 'spec', 'harness-core', 'suites', 'cli', 'reference-server', 'faults', 'load', 'tools', 'docs', '.ci'] as const;

const ROOT_FILES = /^(package\.json|package-lock\.json|tsconfig\.json|eslint\.config\.js|vitest[\w.-]*\.ts|Dockerfile|\.dockerignore|\.gitignore|redocly\.yaml|README\.md)$/;

export interface PathReference {
  /** As written, without `./` and trailing punctuation. */
  readonly path: string;
  readonly line: number;
}

export interface LinkReference {
  /** The link target without its anchor, relative to the page's folder ('' for an anchor on the page itself). */
  readonly target: string;
  readonly anchor: string | undefined;
  readonly line: number;
}

export interface ScriptReference {
  readonly script: string;
  readonly line: number;
}

export interface DocReferences {
  readonly paths: readonly PathReference[];
  readonly links: readonly LinkReference[];
  readonly scripts: readonly ScriptReference[];
}

/** Words of a code span or block that could be a path: commands, flags and prose around them fall away. */
const WORD_SEPARATORS = /[\s=,;'"`()[\]|]+/;
/** Placeholders stand for many paths (or none yet): `<area>`, `*`, `{site_url}`, `$VAR`, `...`. */
const PLACEHOLDER = /[<>*{}$]|\.\.\./;

/** True when `word` names a file or folder of this repository by its path from the root. */
export function isRepositoryPath(word: string): boolean {
  if (PLACEHOLDER.test(word) || word.includes('://')) return false;
  const first = word.split('/')[0] ?? '';
  if (word.includes('/')) return (TOP_LEVEL_FOLDERS as readonly string[]).includes(first);
  return ROOT_FILES.test(word);
}

function cleanWord(word: string): string {
  return word.replace(/^\.\//, '').replace(/[.:!?]+$/, '');
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .replace(/`/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a page offers: its headings' and explicit `id="..."` ones. */
export function pageAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*$/.exec(line);
    if (heading?.[1] !== undefined) anchors.add(headingAnchor(heading[1]));
    for (const id of line.matchAll(/\bid="([^"]+)"/g)) if (id[1] !== undefined) anchors.add(id[1]);
  }
  return anchors;
}

export function docReferences(markdown: string): DocReferences {
  const paths: PathReference[] = [];
  const links: LinkReference[] = [];
  const scripts: ScriptReference[] = [];
  let inFence = false;
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    if (/^\s*```/.test(text)) {
      inFence = !inFence;
      return;
    }
    for (const match of text.matchAll(/npm run ([\w:.-]+)/g)) if (match[1] !== undefined) scripts.push({ script: match[1], line });
    const code = inFence ? [text] : [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    for (const span of code) {
      for (const word of span.split(WORD_SEPARATORS).map(cleanWord)) {
        if (isRepositoryPath(word)) paths.push({ path: word, line });
      }
    }
    if (inFence) return;
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
      const [target = '', anchor] = href.split('#');
      links.push({ target, anchor, line });
    }
  });
  return { paths, links, scripts };
}
