import { z } from 'zod';
import { PROJECT_FIELDS } from '../../domain/project-fields.js';
import { action, isoTimestamp, siteLink, status200, storedProjectKey } from './common.js';
import { responseSchemas } from './registries.js';

export const projektHeader = z
  .strictObject({
    key: storedProjectKey,
    link: siteLink("Link to the project's report page"),
    id: z.number().int().describe('Numeric project id.'),
    status: z.number().int().describe('Project status: 1 new, 2 in progress, 4 completed, 5 archived; other values are not fixed by the spec.'),
  })
  .register(responseSchemas, { id: 'ProjektHeader' });

/** Every released field, always present: the server answers '' for a field that is not set. */
export const projektData = z
  .strictObject(Object.fromEntries(PROJECT_FIELDS.map((field) => [field, z.string()])))
  .describe("The released project fields, normalized and returned as text; '' when not set.")
  .register(responseSchemas, { id: 'ProjektData' });

const createdProjektHeader = projektHeader
  .extend({ status: z.literal(1).describe('A new project has status 1.') })
  .register(responseSchemas, { id: 'CreatedProjektHeader' });

export const creationResponse = z
  .strictObject({ status: status200, action: action('createReport'), projektHeader: createdProjektHeader, projektData })
  .register(responseSchemas, { id: 'ProjectCreated' });

const projectResponse = (name: string, id: string) =>
  z.strictObject({ status: status200, action: action(name), projektHeader, projektData }).register(responseSchemas, { id });

export const projectDetailResponse = projectResponse('getReport', 'Project');
export const projectUpdateResponse = projectResponse('updateReport', 'ProjectUpdated');

export const passwordChangedResponse = z
  .strictObject({ status: status200, action: action('updatePassword') })
  .register(responseSchemas, { id: 'PasswordChanged' });

const projectListEntry = z
  .strictObject({
    key: storedProjectKey,
    id: z.number().int(),
    status: z.number().int(),
    projektName: z.string().describe("'' when not set."),
    link: siteLink("Link to the project's report page"),
    createdAt: isoTimestamp,
    lastActivityAt: isoTimestamp.describe('Last change of the project or one of its rooms.'),
  })
  .describe('Entry of a project list group (the spec leaves the fields open; these are the reference server\'s).')
  .register(responseSchemas, { id: 'ProjectListEntry' });

const group = (description: string) => z.array(projectListEntry).describe(description);

export const projectListResponse = z
  .strictObject({
    status: status200,
    action: action('getReports'),
    projekte: group('Projects created in the portal (not archived).'),
    leads: group("Leads from the portal's enquiry form (not archived)."),
    api: group('Projects created through this API (not archived).'),
    archiv: group('Archived projects (status 5), whatever their origin.'),
  })
  .register(responseSchemas, { id: 'ProjectList' });
