import { projectDataOut } from '../domain/project-fields.js';
import type { Project } from '../store/projects.js';

/** Link to the project's report page on the site (not the API). */
export function projectLink(siteUrl: string, key: string): string {
  return `${siteUrl}/projekt/${key}`;
}

export function projectHeader(siteUrl: string, p: Project) {
  return { key: p.key, link: projectLink(siteUrl, p.key), id: p.id, status: p.status };
}

/** Header and released data only: passwords, internal settings and owner data never leave. */
export function projectView(siteUrl: string, p: Project) {
  return { projektHeader: projectHeader(siteUrl, p), projektData: projectDataOut(p.data) };
}

export type ProjectGroup = 'projekte' | 'leads' | 'api' | 'archiv';

/** Archived projects (status 5) go to `archiv` whatever their origin; the rest by origin. */
export function projectGroup(p: Project): ProjectGroup {
  if (p.status === 5) return 'archiv';
  if (p.origin === 'lead') return 'leads';
  if (p.origin === 'api') return 'api';
  return 'projekte';
}

export function projectListEntry(siteUrl: string, p: Project) {
  return {
    key: p.key,
    id: p.id,
    status: p.status,
    projektName: p.data['projektName'] ?? '',
    link: projectLink(siteUrl, p.key),
    createdAt: p.createdAt,
    lastActivityAt: p.activityAt,
  };
}
