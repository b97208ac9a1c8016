import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RELEASED_PROJECT_FIELDS } from '../../spec/contract/projects.js';
import { Comparisons, laneRecord } from './comparisons.js';
import { judgeProject, judgeProjectList, judgeRoomList } from './judge.js';
import { addRoom, applyPasswordChange, emptyCustomerModel, newProject, statusRulesOf, type ProjectModel } from './model.js';
import { EXPLORE_RULES, SECOND_TOKEN_RULES, STRANGER_RULES } from './rules.js';
import { compareAnswer, type Finding, type Prediction } from './session.js';

const counts = (c: Comparisons) => Object.fromEntries(c.rules().map((rule) => [rule, c.of(rule)]));
const answer = (status: number, body: unknown) => ({ status, text: typeof body === 'string' ? body : JSON.stringify(body) });

/** A project created with its name only: every other field is left open (learned, not compared). */
function named(key = 'abcdefghi'): ProjectModel {
  return newProject({ key }, 'P1', { projektName: { kind: 'text', text: 'cpf-conformance Haus 1', rule: 'PROJ-119' } });
}

function detail(project: ProjectModel, status: number, data: Record<string, unknown> = { projektName: 'cpf-conformance Haus 1' }) {
  return { projektHeader: { key: project.key, status }, projektData: data };
}

describe('Comparisons', () => {
  it('counts the rules of every comparison, held or not, and names them in the finding of a failed one', () => {
    const c = new Comparisons();
    expect(c.compare(['ROOM-7'], true, () => ({ what: 'room.id', expected: 'a', actual: 'a' }))).toEqual([]);
    expect(c.compare(['ROOM-44', 'ROOM-47'], false, () => ({ what: 'label', expected: '"EG"', actual: '"OG"' }))).toEqual([
      { rules: ['ROOM-44', 'ROOM-47'], what: 'label', expected: '"EG"', actual: '"OG"' },
    ]);
    expect(counts(c)).toEqual({ 'ROOM-7': 1, 'ROOM-44': 1, 'ROOM-47': 1 });
    expect(c.total).toBe(2);
    expect(c.of('ROOM-1')).toBe(0);
  });

  it('adds the answer\'s further rules to each comparison made while judging it, and only then', () => {
    const c = new Comparisons();
    const findings = c.alsoJudging(['AUTH-10'], () => [
      ...c.compare(['PROJ-95'], true, () => ({ what: 'status', expected: '200', actual: '200' })),
      ...c.compare(['PROJ-102', 'AUTH-10'], false, () => ({ what: 'projektData.projektName', expected: '"a"', actual: '"b"' })),
    ]);
    c.compare(['PROJ-95'], true, () => ({ what: 'status', expected: '200', actual: '200' }));
    expect(findings.map((f) => f.rules)).toEqual([['PROJ-102', 'AUTH-10']]);
    expect(counts(c)).toEqual({ 'PROJ-95': 2, 'AUTH-10': 2, 'PROJ-102': 1 });
  });

  it('ends the further rules with the answer, also when judging it threw', () => {
    const c = new Comparisons();
    expect(() => c.alsoJudging(['AUTH-10'], () => { throw new Error('harness'); })).toThrow('harness');
    c.compare(['PROJ-95'], true, () => ({ what: '', expected: '', actual: '' }));
    expect(counts(c)).toEqual({ 'PROJ-95': 1 });
  });
});

describe('the lane record', () => {
  it('judges the compared rules with their counts and gives every other one its reason: the lane\'s, the rule\'s condition, the fallback', () => {
    const c = new Comparisons();
    c.compare(['PROJ-95'], true, () => ({ what: '', expected: '', actual: '' }));
    c.compare(['PROJ-95', 'PROJ-96'], true, () => ({ what: '', expected: '', actual: '' }));
    const record = laneRecord(['PROJ-96', 'PROJ-95', 'AUTH-10', 'STAT-5', 'ROOM-8'], c, { 'AUTH-10': 'pool:3 has one token' }, 'no comparison in 1 sequence');
    expect(record.judged).toEqual([
      { rule: 'PROJ-96', count: 1 },
      { rule: 'PROJ-95', count: 2 },
    ]);
    expect(record.notExercised).toEqual([
      { rule: 'AUTH-10', reason: 'pool:3 has one token' },
      { rule: 'STAT-5', reason: expect.stringContaining('status 4 or 5') },
      { rule: 'ROOM-8', reason: 'no comparison in 1 sequence' },
    ]);
    expect(record.unnamed).toEqual([]);
  });

  it('reports rules compared but not named (t.judged would refuse them)', () => {
    const c = new Comparisons();
    c.compare(['PROJ-86'], true, () => ({ what: '', expected: '', actual: '' }));
    expect(laneRecord(['PROJ-95'], c, {}, 'none').unnamed).toEqual(['PROJ-86']);
  });

  it('names every rule the exploration\'s code can compare, and those of the lane\'s missing actors', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const literals = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/'([A-Z]+-\d+)'/g)) literals.add(m[1] as string);
    }
    const rules: readonly string[] = EXPLORE_RULES;
    expect([...literals].filter((id) => !rules.includes(id))).toEqual([]);
    expect([...SECOND_TOKEN_RULES, ...STRANGER_RULES].filter((id) => !rules.includes(id))).toEqual([]);
  });
});

describe('comparing an answer', () => {
  const detailOf = (project: ProjectModel): Prediction => ({ status: 200, statusRules: ['PROJ-95'], judge: (body, c) => judgeProject(c, project, body, 'detail'), summary: '' });

  it('counts AUTH-10 with every comparison of an answer through the second token, and never otherwise', () => {
    const project = named();
    const first = new Comparisons();
    compareAnswer('owner', answer(200, detail(project, 1)), detailOf(project), [], first);
    const second = new Comparisons();
    compareAnswer('owner2', answer(200, detail(project, 1)), detailOf(project), [], second);
    expect(first.of('AUTH-10')).toBe(0);
    // status, JSON, shape, key, header status, projektName: the open fields are learned, not compared
    expect(counts(first)).toEqual({ 'PROJ-95': 1, 'META-12': 1, 'PROJ-96': 2, 'STAT-1': 1, 'PROJ-119': 1 });
    expect(second.of('AUTH-10')).toBe(6);
    expect(second.total).toBe(first.total);
  });

  it('names AUTH-10 in a second token\'s finding, and the finding\'s rules were counted', () => {
    const project = named();
    const c = new Comparisons();
    const findings = compareAnswer('owner2', answer(200, detail(project, 1, { projektName: 'older' })), detailOf(project), [], c);
    expect(findings.map((f) => f.rules)).toEqual([['PROJ-119', 'AUTH-10']]);
    for (const rule of findings.flatMap((f: Finding) => f.rules)) expect(c.of(rule)).toBeGreaterThan(0);
  });

  it('compares nothing of the body when the status differs', () => {
    const c = new Comparisons();
    const findings = compareAnswer('owner', answer(500, 'oops'), detailOf(named()), [], c);
    expect(findings).toHaveLength(1);
    expect(counts(c)).toEqual({ 'PROJ-95': 1 });
  });

  it('compares each password sent with every answer, and none before one was sent', () => {
    const prediction: Prediction = { status: 200, statusRules: ['PROJ-107'], summary: '' };
    const none = new Comparisons();
    compareAnswer('owner', answer(200, {}), prediction, [], none);
    expect(none.of('PROJ-115')).toBe(0);
    const two = new Comparisons();
    const findings = compareAnswer('owner', answer(200, { p: 'geheimgeheim12' }), prediction, ['geheimgeheim12', 'anderesPasswort1'], two);
    expect(two.of('PROJ-115')).toBe(2);
    expect(findings.map((f) => f.rules)).toEqual([['PROJ-115']]);
  });

  it('judges the results of a project by the answer it got: RES-17 on the 422, ERR-10 only on a 403', () => {
    const prediction: Prediction = {
      status: 422,
      statusRules: ['RES-17'],
      error: {
        type: 'calculation_unavailable',
        rules: ['RES-17'],
        details: (d, c) => c.compare(['RES-17'], d.calculationStatus === 'unavailable', () => ({ what: 'details.calculationStatus', expected: '"unavailable"', actual: '' })),
      },
      or: [{ status: 403, statusRules: ['ERR-10'], error: { type: 'authorization', rules: ['ERR-10'] } }],
      summary: '',
    };
    const unavailable = new Comparisons();
    compareAnswer('owner', answer(422, { status: 422, error: 'x', details: { type: 'calculation_unavailable', calculationStatus: 'unavailable' } }), prediction, [], unavailable);
    expect(counts(unavailable)).toEqual({ 'RES-17': 3, 'META-12': 1, 'ERR-1': 1 });
    const refused = new Comparisons();
    compareAnswer('owner', answer(403, { status: 403, error: 'x', details: { type: 'authorization' } }), prediction, [], refused);
    expect(counts(refused)).toEqual({ 'ERR-10': 2, 'META-12': 1, 'ERR-1': 1 });
  });
});

describe('judging a project', () => {
  it('compares the fields the model predicts and learns the others without counting them', () => {
    const project = named();
    const c = new Comparisons();
    const data = Object.fromEntries(RELEASED_PROJECT_FIELDS.map((f) => [f, f === 'projektName' ? 'cpf-conformance Haus 1' : '']));
    expect(judgeProject(c, project, { projektHeader: { key: project.key, status: 1 }, projektData: data }, 'creation')).toEqual([]);
    // creation: shape, status, the sent name (as PROJ-87); no key comparison
    expect(counts(c)).toEqual({ 'PROJ-73': 1, 'STAT-1': 1, 'PROJ-87': 1 });
    const again = new Comparisons();
    judgeProject(again, project, { projektHeader: { key: project.key, status: 1 }, projektData: data }, 'detail');
    expect(again.of('PROJ-102')).toBe(RELEASED_PROJECT_FIELDS.length - 1);
  });

  it('counts STAT-5 only for a project read in status 4 or 5 after its room, STAT-3 for one read in 2', () => {
    const read = (status: number) => {
      const state = emptyCustomerModel();
      const project = named();
      applyPasswordChange(project);
      judgeProject(new Comparisons(), project, detail(project, status), 'detail');
      addRoom(state, project, 'r1', {});
      const c = new Comparisons();
      const findings = judgeProject(c, project, detail(project, status === 4 ? 4 : 2), 'detail');
      return { findings, stat3: c.of('STAT-3'), stat5: c.of('STAT-5') };
    };
    expect(read(4)).toEqual({ findings: [], stat3: 0, stat5: 1 });
    expect(read(1)).toEqual({ findings: [], stat3: 1, stat5: 0 });
  });

  it('splits the status rules by the value read, and keeps every rule for a value not predicted', () => {
    const afterRoom = { values: [2, 4, 5], rule: 'STAT-3/STAT-5' };
    expect(statusRulesOf(afterRoom, 2)).toEqual(['STAT-3']);
    expect(statusRulesOf(afterRoom, 5)).toEqual(['STAT-5']);
    expect(statusRulesOf(afterRoom, 1)).toEqual(['STAT-3', 'STAT-5']);
    expect(statusRulesOf({ values: [2], rule: 'STAT-3' }, 2)).toEqual(['STAT-3']);
    expect(statusRulesOf({ values: [1], rule: 'PROJ-103' }, 1)).toEqual(['PROJ-103']);
  });
});

describe('judging lists', () => {
  it('compares each project of a project list and makes one finding of those listed wrongly', () => {
    const projects = [named('aaaaaaaaa'), named('bbbbbbbbb'), named('ccccccccc')];
    const c = new Comparisons();
    const findings = judgeProjectList(c, { projekte: [{ key: 'aaaaaaaaa' }], leads: [], api: [], archiv: [] }, projects, true);
    expect(c.of('PROJ-92')).toBe(3);
    expect(c.of('PROJ-89')).toBe(1);
    expect(findings).toEqual([{ rules: ['PROJ-92'], what: 'GET /reports', expected: 'to list bbbbbbbbb, ccccccccc', actual: 'not listed' }]);
    const other = new Comparisons();
    expect(judgeProjectList(other, { projekte: [], leads: [], api: [], archiv: [] }, projects, false)).toEqual([]);
    expect(counts(other)).toEqual({ 'PROJ-89': 1, 'PROJ-91': 3 });
  });

  it('compares a room list once for its members and each room listed field by field', () => {
    const state = emptyCustomerModel();
    const project = named();
    const c = new Comparisons();
    expect(judgeRoomList(c, project, { rooms: [] })).toEqual([]);
    expect(counts(c)).toEqual({ 'ROOM-1': 2, 'ROOM-52': 1 });
    const room = addRoom(state, project, 'r1', { raumBezeichnung: { kind: 'name', text: 'Bad 1', rule: 'ROOM-18' } });
    const listed = new Comparisons();
    const entry = { id: 'r1', projectKey: project.key, roomData: { raumBezeichnung: 'Bad 1', raumEtage: '0', raumFlaeche: '', raumHoehe: '2.5', raumTemperatur: 20, raumNotiz: '', raumBaujahr: '', raumEtageBezeichnung: 'x', raumEtageKuerzel: 'y' } };
    const findings = judgeRoomList(listed, project, { rooms: [entry] });
    expect(listed.of('ROOM-5')).toBe(1);
    expect(listed.of('ROOM-18')).toBe(1);
    // the project's building year was never shown: the room's copy is learned, not compared
    expect(listed.of('ROOM-35')).toBe(0);
    expect(room.baujahr.kind).toBe('seen');
    for (const rule of findings.flatMap((f) => f.rules)) expect(listed.of(rule)).toBeGreaterThan(0);
  });
});
