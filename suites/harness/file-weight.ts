import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isConformanceFile } from '../../harness-core/suite-file.js';

const SIBLING_IMPORT = /from '\.\/([\w.-]+)\.js'/g;

/** The modules of the file's own folder that it loads, directly or through each other. */
function siblingModules(file: string): Set<string> {
  const folder = dirname(file);
  const seen = new Set<string>();
  const queue = [file];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const [, name] of readFileSync(next, 'utf8').matchAll(SIBLING_IMPORT)) {
      const module = join(folder, `${name}.ts`);
      if (!seen.has(module)) {
        seen.add(module);
        queue.push(module);
      }
    }
  }
  return seen;
}

/**
 * How much a conformance file is expected to keep customers busy: its size plus its share of the
 * modules of its folder it loads (most area files are a few hundred bytes registering the checks
 * of their modules; a module two test files load counts half for each). The files' start order
 * goes by it after the lead areas (start-priority.ts).
 */
export function fileWeight(file: string): number {
  const folder = dirname(file);
  const testFiles = readdirSync(folder)
    .filter(isConformanceFile)
    .map((name) => join(folder, name));
  const loads = new Map(testFiles.map((f) => [f, siblingModules(f)]));
  let weight = statSync(file).size;
  for (const module of loads.get(file) ?? siblingModules(file)) {
    const sharers = testFiles.filter((f) => loads.get(f)?.has(module)).length;
    weight += statSync(module).size / Math.max(1, sharers);
  }
  return weight;
}
