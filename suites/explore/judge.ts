/**
 * Compares answers with the model: a project (creation response or detail) field by field with
 * its header, a room with every roomData value and the derived floor labels, room lists and
 * project lists by membership. Values the model leaves open are learned here.
 */
import { PROJECT_LIST_GROUPS, RELEASED_PROJECT_FIELDS } from '../../spec/contract/projects.js';
import { isListed } from '../projects/support.js';
import { ROOM_INPUT_FIELDS } from '../../spec/contract/rooms.js';
import { describeActual, describeExpected, expectedFloorLabels, matches, type Expected, type ProjectModel, type RoomModel } from './model.js';
import type { Finding } from './session.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function compareValue(what: string, expected: Expected, actual: unknown, roomData: boolean): Finding | undefined {
  if (matches(expected, actual, roomData) || expected.kind === 'learn') return undefined;
  return { rules: [expected.rule], what, expected: describeExpected(expected), actual: describeActual(actual) };
}

/** What the model learns from a value it left open: from now on it must stay. */
function learned(value: unknown): Expected {
  return { kind: 'seen', value, rule: 'PROJ-102' };
}

/**
 * A creation response or a detail: `projektHeader.key` and `status`, every released field of
 * `projektData`. The creation response must carry the status 1 (STAT-1) and the sent values (PROJ-87).
 */
export function judgeProject(project: ProjectModel, body: unknown, source: 'creation' | 'detail'): Finding[] {
  const header = isObject(body) && isObject(body.projektHeader) ? body.projektHeader : undefined;
  const data = isObject(body) && isObject(body.projektData) ? body.projektData : undefined;
  const shapeRule = source === 'creation' ? 'PROJ-73' : 'PROJ-96';
  if (!header || !data) return [{ rules: [shapeRule], what: 'body', expected: '{projektHeader, projektData}', actual: JSON.stringify(body).slice(0, 160) }];
  const findings: Finding[] = [];
  if (source === 'detail' && header.key !== project.key) findings.push({ rules: ['PROJ-96'], what: 'projektHeader.key', expected: project.key, actual: describeActual(header.key) });
  if (project.status === undefined) {
    if (typeof header.status === 'number') project.status = { values: [header.status], rule: 'PROJ-102' };
  } else if (!project.status.values.includes(header.status as number)) {
    findings.push({ rules: project.status.rule.split('/'), what: 'projektHeader.status', expected: project.status.values.join(' or '), actual: describeActual(header.status) });
  }
  for (const field of RELEASED_PROJECT_FIELDS) {
    const expected = project.fields[field];
    if (expected.kind === 'learn') {
      if (field in data) project.fields[field] = learned(data[field]);
      continue;
    }
    const finding = compareValue(`projektData.${field}`, source === 'creation' && expected.rule === 'PROJ-119' ? { ...expected, rule: 'PROJ-87' } : expected, data[field], false);
    if (finding) findings.push(finding);
  }
  return findings;
}

/** One room object: its id and project (ROOM-7, ROOM-6), every roomData value, raumBaujahr and the floor labels. */
export function judgeRoom(project: ProjectModel, room: RoomModel, json: unknown): Finding[] {
  if (!isObject(json) || !isObject(json.roomData)) return [{ rules: ['ROOM-5'], what: 'room', expected: '{id, projectKey, roomData}', actual: JSON.stringify(json).slice(0, 160) }];
  const data = json.roomData;
  const findings: Finding[] = [];
  if (json.id !== room.id) findings.push({ rules: ['ROOM-7'], what: 'room.id', expected: room.id, actual: describeActual(json.id) });
  if (json.projectKey !== project.key) findings.push({ rules: ['ROOM-6'], what: 'room.projectKey', expected: project.key, actual: describeActual(json.projectKey) });
  for (const field of ROOM_INPUT_FIELDS) {
    const finding = compareValue(`roomData.${field}`, room.data[field], data[field], true);
    if (finding) findings.push(finding);
  }
  if (room.baujahr.kind === 'learn') room.baujahr = { kind: 'seen', value: data.raumBaujahr, rule: 'ROOM-36' };
  else {
    const finding = compareValue('roomData.raumBaujahr', room.baujahr, data.raumBaujahr, true);
    if (finding) findings.push(finding);
  }
  const labels = expectedFloorLabels(room.data.raumEtage);
  if (labels) {
    const followed = room.floorChanged ? ['ROOM-47'] : [];
    if (data.raumEtageBezeichnung !== labels.bezeichnung) findings.push({ rules: ['ROOM-44', ...followed], what: 'roomData.raumEtageBezeichnung', expected: JSON.stringify(labels.bezeichnung), actual: describeActual(data.raumEtageBezeichnung) });
    if (data.raumEtageKuerzel !== labels.kuerzel) findings.push({ rules: ['ROOM-45', ...followed], what: 'roomData.raumEtageKuerzel', expected: JSON.stringify(labels.kuerzel), actual: describeActual(data.raumEtageKuerzel) });
  }
  return findings.map((f) => ({ ...f, what: `${room.label} ${f.what}` }));
}

/** `{room}` of a creation, change or read. */
export function judgeRoomAnswer(project: ProjectModel, room: RoomModel, body: unknown, rule: string): Finding[] {
  if (!isObject(body) || !isObject(body.room)) return [{ rules: [rule], what: 'body', expected: '{room}', actual: JSON.stringify(body).slice(0, 160) }];
  return judgeRoom(project, room, body.room);
}

/** `{rooms[]}`: exactly the rooms the sequence created in this project, each as the model has it. */
export function judgeRoomList(project: ProjectModel, body: unknown): Finding[] {
  if (!isObject(body) || !Array.isArray(body.rooms)) return [{ rules: ['ROOM-1'], what: 'body', expected: '{rooms[]}', actual: JSON.stringify(body).slice(0, 160) }];
  const listed = body.rooms as unknown[];
  const findings: Finding[] = [];
  const ids = listed.map((r) => (isObject(r) ? r.id : undefined));
  const expectedIds = project.rooms.map((r) => r.id);
  if (ids.length !== expectedIds.length || expectedIds.some((id) => !ids.includes(id))) {
    findings.push({ rules: ['ROOM-1', 'ROOM-52'], what: `rooms of ${project.label}`, expected: `the ${expectedIds.length} created (${expectedIds.join(', ') || 'none'})`, actual: `${ids.length} (${ids.join(', ')})` });
  }
  for (const room of project.rooms) {
    const entry = listed.find((r) => isObject(r) && r.id === room.id);
    if (entry) findings.push(...judgeRoom(project, room, entry));
  }
  return findings;
}

/** `GET /reports`: the four groups, and the projects the model expects to see (or not to see) in any of them. */
export function judgeProjectList(body: unknown, projects: readonly ProjectModel[], own: boolean): Finding[] {
  if (!isObject(body) || PROJECT_LIST_GROUPS.some((g) => !Array.isArray(body[g]))) {
    return [{ rules: ['PROJ-89'], what: 'body', expected: 'the groups projekte, leads, api, archiv', actual: JSON.stringify(body).slice(0, 160) }];
  }
  // "Fields of an entry inside the project list groups: not shown": an entry may name its project by key, link or id.
  const entries = PROJECT_LIST_GROUPS.flatMap((g) => body[g] as unknown[]);
  const wrong = projects.filter((project) => isListed(entries, project) !== own).map((project) => project.key);
  if (wrong.length === 0) return [];
  return own
    ? [{ rules: ['PROJ-92'], what: 'GET /reports', expected: `to list ${wrong.join(', ')}`, actual: 'not listed' }]
    : [{ rules: ['PROJ-91'], what: "another customer's GET /reports", expected: `not to list ${wrong.join(', ')}`, actual: 'listed' }];
}
