import { relative, sep } from 'node:path';
import type { Vitest } from 'vitest/node';

/**
 * Transforms the selected conformance files' modules (the files, the worker setup file and all
 * they import of the kit) in vitest's vite server ahead of the checks, while the target starts and
 * the preflight asks it. Without it the workers ask for them in the run's first second, all at
 * once, and the main thread transforms them one after another while the lead files wait for their
 * imports and the pacer for its turn. A module asked for while it is being transformed waits for
 * that transform (vite shares it); one that fails is left to the worker's own import to report.
 */
export async function warmCheckModules(vitest: Vitest, filters: readonly string[]): Promise<void> {
  const project = vitest.projects[0];
  if (project === undefined) return;
  const root = vitest.config.root;
  const ssr = project.vite.environments.ssr;
  const urlOf = (file: string) => `/${relative(root, file).split(sep).join('/')}`;
  const seen = new Set<string>();
  const warm = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    const result = await ssr.transformRequest(url).catch(() => null);
    // Of the kit's own modules only: dependencies are bundled once already (the config's optimizer).
    await Promise.all((result?.deps ?? []).filter((dep) => dep.startsWith('/') && !dep.startsWith('/node_modules/')).map(warm));
  };
  const specifications = await vitest.globTestSpecifications([...filters]);
  await Promise.all([...vitest.config.setupFiles, ...specifications.map((s) => s.moduleId)].map((file) => warm(urlOf(file))));
}
