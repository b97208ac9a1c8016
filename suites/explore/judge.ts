/**
 * Compares answers with the model: a project (creation response or detail) field by field with
 * its header, a room with every roomData value and the derived floor labels, room lists and
 * project lists by membership. Values the model leaves open are learned here, and learning
 * compares nothing. Every comparison goes through `c` (comparisons.ts), which counts its rules
 * and makes the finding when it fails.
 */
import { PROJECT_LIST_GROUPS, RELEASED_PROJECT_FIELDS } from '../../spec/contract/projects.js';
import { isListed } from '../projects/support.js';
import { ROOM_INPUT_FIELDS } from '../../spec/contract/rooms.js';
import type { Comparisons } from './comparisons.js';
import { describeActual, describeExpected, expectedFloorLabels, matches, statusRulesOf, type Expected, type ProjectModel, type RoomModel } from './model.js';
import type { Finding } from './session.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown) => JSON.stringify(value).slice(0, 160);

/** One value against its prediction; a value the model leaves open (`learn`) is not compared. */
function compareValue(c: Comparisons, what: string, expected: Expected, actual: unknown, roomData: boolean): Finding[] {
  if (expected.kind === 'learn') return [];
  return c.compare([expected.rule], matches(expected, actual, roomData), () => ({ what, expected: describeExpected(expected), actual: describeActual(actual) }));
}

/** What the model learns from a value it left open: from now on it must stay. */
function learned(value: unknown): Expected {
  return { kind: 'seen', value, rule: 'PROJ-102' };
}

/**
 * A creation response or a detail: `projektHeader.key` and `status`, every released field of
 * `projektData`. The creation response must carry the status 1 (STAT-1) and the sent values (PROJ-87).
 */
export function judgeProject(c: Comparisons, project: ProjectModel, body: unknown, source: 'creation' | 'detail'): Finding[] {
  const header = isObject(body) && isObject(body.projektHeader) ? body.projektHeader : undefined;
  const data = isObject(body) && isObject(body.projektData) ? body.projektData : undefined;
  const shapeRule = source === 'creation' ? 'PROJ-73' : 'PROJ-96';
  const shape = c.compare([shapeRule], header !== undefined && data !== undefined, () => ({ what: 'body', expected: '{projektHeader, projektData}', actual: shown(body) }));
  if (!header || !data) return shape;
  const findings: Finding[] = [];
  if (source === 'detail') findings.push(...c.compare(['PROJ-96'], header.key === project.key, () => ({ what: 'projektHeader.key', expected: project.key, actual: describeActual(header.key) })));
  if (project.status === undefined) {
    if (typeof header.status === 'number') project.status = { values: [header.status], rule: 'PROJ-102' };
  } else {
    const status = project.status;
    findings.push(
      ...c.compare(statusRulesOf(status, header.status), status.values.includes(header.status as number), () => ({
        what: 'projektHeader.status',
        expected: status.values.join(' or '),
        actual: describeActual(header.status),
      })),
    );
  }
  for (const field of RELEASED_PROJECT_FIELDS) {
    const expected = project.fields[field];
    if (expected.kind === 'learn') {
      if (field in data) project.fields[field] = learned(data[field]);
      continue;
    }
    findings.push(...compareValue(c, `projektData.${field}`, source === 'creation' && expected.rule === 'PROJ-119' ? { ...expected, rule: 'PROJ-87' } : expected, data[field], false));
  }
  return findings;
}

/** One room object: its id and project (ROOM-7, ROOM-6), every roomData value, raumBaujahr and the floor labels. */
export function judgeRoom(c: Comparisons, project: ProjectModel, room: RoomModel, json: unknown): Finding[] {
  const shape = c.compare(['ROOM-5'], isObject(json) && isObject(json.roomData), () => ({ what: 'room', expected: '{id, projectKey, roomData}', actual: shown(json) }));
  if (!isObject(json) || !isObject(json.roomData)) return shape;
  const data = json.roomData;
  const findings: Finding[] = [];
  findings.push(...c.compare(['ROOM-7'], json.id === room.id, () => ({ what: 'room.id', expected: room.id, actual: describeActual(json.id) })));
  findings.push(...c.compare(['ROOM-6'], json.projectKey === project.key, () => ({ what: 'room.projectKey', expected: project.key, actual: describeActual(json.projectKey) })));
  for (const field of ROOM_INPUT_FIELDS) findings.push(...compareValue(c, `roomData.${field}`, room.data[field], data[field], true));
  if (room.baujahr.kind === 'learn') room.baujahr = { kind: 'seen', value: data.raumBaujahr, rule: 'ROOM-36' };
  else findings.push(...compareValue(c, 'roomData.raumBaujahr', room.baujahr, data.raumBaujahr, true));
  const labels = expectedFloorLabels(room.data.raumEtage);
  if (labels) {
    const followed = room.floorChanged ? ['ROOM-47'] : [];
    findings.push(
      ...c.compare(['ROOM-44', ...followed], data.raumEtageBezeichnung === labels.bezeichnung, () => ({
        what: 'roomData.raumEtageBezeichnung',
        expected: JSON.stringify(labels.bezeichnung),
        actual: describeActual(data.raumEtageBezeichnung),
      })),
    );
    findings.push(
      ...c.compare(['ROOM-45', ...followed], data.raumEtageKuerzel === labels.kuerzel, () => ({
        what: 'roomData.raumEtageKuerzel',
        expected: JSON.stringify(labels.kuerzel),
        actual: describeActual(data.raumEtageKuerzel),
      })),
    );
  }
  return findings.map((f) => ({ ...f, what: `${room.label} ${f.what}` }));
}

/** `{room}` of a creation, change or read. */
export function judgeRoomAnswer(c: Comparisons, project: ProjectModel, room: RoomModel, body: unknown, rule: string): Finding[] {
  const shape = c.compare([rule], isObject(body) && isObject(body.room), () => ({ what: 'body', expected: '{room}', actual: shown(body) }));
  if (!isObject(body) || !isObject(body.room)) return shape;
  return judgeRoom(c, project, room, body.room);
}

/** `{rooms[]}`: exactly the rooms the sequence created in this project, each as the model has it. */
export function judgeRoomList(c: Comparisons, project: ProjectModel, body: unknown): Finding[] {
  const shape = c.compare(['ROOM-1'], isObject(body) && Array.isArray(body.rooms), () => ({ what: 'body', expected: '{rooms[]}', actual: shown(body) }));
  if (!isObject(body) || !Array.isArray(body.rooms)) return shape;
  const listed = body.rooms as unknown[];
  const ids = listed.map((r) => (isObject(r) ? r.id : undefined));
  const expectedIds = project.rooms.map((r) => r.id);
  const findings = c.compare(['ROOM-1', 'ROOM-52'], ids.length === expectedIds.length && expectedIds.every((id) => ids.includes(id)), () => ({
    what: `rooms of ${project.label}`,
    expected: `the ${expectedIds.length} created (${expectedIds.join(', ') || 'none'})`,
    actual: `${ids.length} (${ids.join(', ')})`,
  }));
  for (const room of project.rooms) {
    const entry = listed.find((r) => isObject(r) && r.id === room.id);
    if (entry) findings.push(...judgeRoom(c, project, room, entry));
  }
  return findings;
}

/** `GET /reports`: the four groups, and each project the model expects to see (or not to see) in any of them. */
export function judgeProjectList(c: Comparisons, body: unknown, projects: readonly ProjectModel[], own: boolean): Finding[] {
  const groups = isObject(body) && PROJECT_LIST_GROUPS.every((g) => Array.isArray(body[g]));
  const shape = c.compare(['PROJ-89'], groups, () => ({ what: 'body', expected: 'the groups projekte, leads, api, archiv', actual: shown(body) }));
  if (!groups || !isObject(body)) return shape;
  // "Fields of an entry inside the project list groups: not shown": an entry may name its project by key, link or id.
  const entries = PROJECT_LIST_GROUPS.flatMap((g) => body[g] as unknown[]);
  // One comparison per project; the projects listed wrongly make one finding.
  const wrong: string[] = [];
  let first: Finding | undefined;
  for (const project of projects) {
    const [finding] = c.compare([own ? 'PROJ-92' : 'PROJ-91'], isListed(entries, project) === own, () => (own ? { what: 'GET /reports', expected: '', actual: 'not listed' } : { what: "another customer's GET /reports", expected: '', actual: 'listed' }));
    if (!finding) continue;
    wrong.push(project.key);
    first ??= finding;
  }
  return first ? [{ ...first, expected: `${own ? 'to list' : 'not to list'} ${wrong.join(', ')}` }] : [];
}
