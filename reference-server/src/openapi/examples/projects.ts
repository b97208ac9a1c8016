import { applyProjectChanges, parseProjectWrite } from '../../domain/project-fields.js';
import { projectGroup, projectListEntry, projectView } from '../../routes/project-views.js';
import type { Project } from '../../store/projects.js';
import { EXAMPLE_PROJECT_KEY, EXAMPLE_SITE_URL, EXAMPLE_TIME, type Example } from './common.js';

export const projectWriteExamples = {
  withData: {
    summary: 'Project data; numbers as JSON numbers or text',
    value: {
      projectData: {
        projektName: 'Einfamilienhaus Mitte',
        projektPostleitzahl: '10178',
        projektBaujahr: 1978,
        projektBewohner: '4',
        projektArtHeizung: 2,
        projektJahresverbrauch: '18500,5',
        projektWaermeerzeugerSolarStatus: true,
        vorname: 'Erika',
        name: 'Muster',
        email: 'erika.muster@example.com',
        plz: '10178',
      },
    },
  },
  patch: {
    summary: 'Change one field, delete another (empty or null deletes)',
    value: { projektData: { projektBewohner: 3, bemerkungen: null } },
  },
} satisfies Record<string, Example>;

export const passwordExample: Example = { summary: 'A new portal password', value: { newPassword: 'Sommer-Garten-2025!' } };

const later = (days: number) => new Date(EXAMPLE_TIME.getTime() + days * 86_400_000).toISOString();

function project(overrides: Partial<Project>): Project {
  return { id: 1042, key: EXAMPLE_PROJECT_KEY, customerId: 1, origin: 'api', status: 1, data: {}, createdAt: later(0), activityAt: later(0), variantOf: null, ...overrides };
}

const created = project({ data: applyProjectChanges({}, parseProjectWrite(projectWriteExamples.withData.value)) });
const inProgress = { ...created, status: 2, activityAt: later(2) };
const updated = { ...inProgress, data: applyProjectChanges(inProgress.data, parseProjectWrite(projectWriteExamples.patch.value)), activityAt: later(3) };

export const projectResponseExamples = {
  createdEmpty: { summary: 'An empty project', value: { status: 200, action: 'createReport', ...projectView(EXAMPLE_SITE_URL, project({})) } },
  createdWithData: { summary: 'A project created with data', value: { status: 200, action: 'createReport', ...projectView(EXAMPLE_SITE_URL, created) } },
  detail: { summary: 'A project in progress', value: { status: 200, action: 'getReport', ...projectView(EXAMPLE_SITE_URL, inProgress) } },
  updated: { summary: 'After the change above', value: { status: 200, action: 'updateReport', ...projectView(EXAMPLE_SITE_URL, updated) } },
  passwordChanged: { summary: 'Password changed', value: { status: 200, action: 'updatePassword' } },
} satisfies Record<string, Example>;

const listed = [
  inProgress,
  project({ id: 1001, key: 'hbtrwpxse', origin: 'portal', status: 2, data: { projektName: 'Altbau Pankow' }, createdAt: later(-90), activityAt: later(-20) }),
  project({ id: 1013, key: 'zkqdmfauv', origin: 'lead', data: { projektName: 'Anfrage Spandau' }, createdAt: later(-8), activityAt: later(-8) }),
  project({ id: 987, key: 'gycnelhos', origin: 'portal', status: 5, data: { projektName: 'Archiv Köpenick' }, createdAt: later(-400), activityAt: later(-200) }),
];

export const projectListExample: Example = {
  summary: 'Own projects in their groups',
  value: {
    status: 200,
    action: 'getReports',
    ...Object.fromEntries(
      (['projekte', 'leads', 'api', 'archiv'] as const).map((group) => [
        group,
        listed.filter((p) => projectGroup(p) === group).map((p) => projectListEntry(EXAMPLE_SITE_URL, p)),
      ]),
    ),
  },
};
