import type { SeenProject } from './observe.js';

/**
 * The primary customer's projects by purpose (resources.primaryProjectKeys), each classified by
 * what it answered, with that answer as the evidence the draft's comment gives.
 */
export type Purpose = 'calculable' | 'incomplete' | 'archived' | 'completed' | 'outsideRadius' | 'withPictures';

export interface Pick {
  key: string;
  evidence: string;
}

const closed = (p: SeenProject) => p.status === 4 || p.status === 5;

export function classify(projects: readonly SeenProject[]): Partial<Record<Purpose, Pick>> {
  const picks: Partial<Record<Purpose, Pick>> = {};
  const set = (purpose: Purpose, project: SeenProject | undefined, evidence: (p: SeenProject) => string) => {
    if (project) picks[purpose] = { key: project.key, evidence: evidence(project) };
  };
  const results = (p: SeenProject) => `results ${p.resultsAnswer}`;
  const status = (p: SeenProject) => `projektHeader.status ${p.status}`;

  // Projects in status 4 or 5 serve the status checks; the calculable one is an ordinary open project where there is one.
  const calculable = projects.filter((p) => p.results === 'calculable');
  set('calculable', calculable.find((p) => !closed(p)) ?? calculable[0], results);
  set('incomplete', projects.find((p) => p.results === 'incomplete'), results);
  // For an own project of a customer with an active license, 403 leaves the radius as the reason.
  set('outsideRadius', projects.find((p) => p.results === 'refused'), (p) => `${results(p)}, an own project refused by the license checks: the radius`);
  set('withPictures', projects.find((p) => (p.pictures ?? 0) > 0), (p) => `${p.pictures} picture(s) listed`);
  const archived = projects.find((p) => p.status === 5) ?? projects.find((p) => p.status === 4);
  set('archived', archived, status);
  set('completed', archived && projects.find((p) => closed(p) && p.status !== archived.status), status);
  return picks;
}
