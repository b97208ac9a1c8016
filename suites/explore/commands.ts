/**
 * The commands of a sequence, one per write and read of the API: project creation (both forms,
 * and refused), project PATCH (valid and refused), password change (valid and refused), room
 * creation and change (valid and refused), reads of the list, a project, its rooms and one room
 * through either token of the owner, a room read through another own project, reads and a PATCH
 * by a customer that owns nothing of it, and the results of a project the API made. Each sends
 * one or two requests and compares every answer with the model's prediction.
 *
 * Commands pick projects and rooms by position (modulo what exists), never by id, so a shrunk
 * sequence still means the same thing.
 */
import fc from 'fast-check';
import type { ReleasedProjectField } from '../../spec/contract/projects.js';
import { CREATION, REFUSED } from '../harness/client.js';
import type { ProjectRef } from '../projects/support.js';
import type { Invalid, ProjectInputs, Valid } from './inputs.js';
import { invalidPasswordBody, roomChange, roomCreation, roomInvalid, validPassword } from './inputs.js';
import { judgeProject, judgeProjectList, judgeRoomAnswer, judgeRoomList } from './judge.js';
import {
  addRoom,
  applyPasswordChange,
  applyProjectPatch,
  applyRoomPatch,
  keepAll,
  newProject,
  type CustomerModel,
  type Expected,
  type ProjectModel,
  type RoomField,
  type RoomModel,
} from './model.js';
import type { Prediction, Session, Who } from './session.js';

/** What a command sees of the run: the model, and whether the run may still start commands. */
export interface ExploreModel {
  state: CustomerModel;
  /** False once the exploring time is up: remaining commands are skipped (and dropped by the shrinker). */
  open(): boolean;
  /** The owner has a second token, and a customer that owns nothing of it exists. */
  secondToken: boolean;
  stranger: boolean;
}

export interface ExploreReal {
  session: Session;
  /** `cpf-conformance <run id> explore ...`: names of projects the sequence creates. */
  projectName(suffix: string): string;
}

type Cmd = fc.AsyncCommand<ExploreModel, ExploreReal>;

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;
const show = (value: unknown) => JSON.stringify(value);
const fieldsText = (sent: readonly { field: string; value: unknown }[]) => sent.map((s) => `${s.field}=${show(s.value)}`).join(', ');
const predicted = (sent: readonly Valid<string>[]) => sent.map((s) => `${s.field} reads ${describe(s.expected)}`).join(', ');
const describe = (e: Expected) => ('text' in e ? show(e.text) : 'number' in e ? String(e.number) : e.kind);

const projectPath = (p: ProjectModel) => `/reports/${p.key}`;
const roomsPath = (p: ProjectModel, room?: RoomModel) => (room ? `/reports/${p.key}/rooms/${encodeURIComponent(room.id)}` : `/reports/${p.key}/rooms`);

/** How a creation answer names the new project: its key, and the id and link a list entry may name it by instead. */
function refOf(body: unknown): ProjectRef | undefined {
  const header = (body as { projektHeader?: { key?: unknown; id?: unknown; link?: unknown } } | null)?.projektHeader;
  return typeof header?.key === 'string' ? { key: header.key, id: header.id, link: header.link } : undefined;
}

function idOf(body: unknown): string | undefined {
  const room = (body as { room?: { id?: unknown } } | null)?.room;
  return typeof room?.id === 'string' ? room.id : undefined;
}

function detailPrediction(project: ProjectModel, summary: string): Prediction {
  return { status: 200, statusRules: ['PROJ-95'], judge: (body, c) => judgeProject(c, project, body, 'detail'), summary };
}

const refused = (invalid: Pick<Invalid, 'rule'>, summary: string): Prediction => ({
  status: 422,
  statusRules: [invalid.rule],
  error: { type: 'validation', rules: [invalid.rule] },
  summary,
});

const notFound = (rule: string, summary: string): Prediction => ({ status: 404, statusRules: [rule], error: { type: 'not_found', rules: [rule] }, summary });

// -------------------------------------------------------------------------------------------------
// Projects
// -------------------------------------------------------------------------------------------------

/** `POST /reports` with `{}` or no body (PROJ-76, PROJ-77): status 1, every field learned from the answer. */
class CreateEmpty implements Cmd {
  constructor(private readonly omitBody: boolean) {}
  check = (m: Readonly<ExploreModel>) => m.open();
  async run(m: ExploreModel, r: ExploreReal) {
    r.session.beginCommand(this.toString());
    const label = `P${m.state.projects.length + 1}`;
    let created: ProjectModel | undefined;
    await r.session.send('owner', 'POST', '/reports', this.omitBody ? undefined : {}, {
      status: 201,
      statusRules: [this.omitBody ? 'PROJ-76' : 'PROJ-77'],
      judge: (body, c) => {
        const ref = refOf(body);
        const key = c.compare(['PROJ-73'], ref !== undefined, () => ({ what: 'projektHeader.key', expected: 'a key', actual: JSON.stringify(body).slice(0, 160) }));
        if (!ref) return key;
        created = newProject(ref, label, {});
        return judgeProject(c, created, body, 'creation');
      },
      summary: `HTTP 201, projektHeader.status 1 (the new project is ${label})`,
    }, CREATION);
    if (created) m.state.projects.push(created);
  }
  toString = () => `create an empty project (POST /reports${this.omitBody ? ' without a body' : ' {}'})`;
}

/** `POST /reports/with-data` in either envelope: the sent values in the creation response and later reads (PROJ-87). */
class CreateWithData implements Cmd {
  constructor(
    private readonly envelope: 'projectData' | 'projektData',
    private readonly name: Valid<ReleasedProjectField>,
    private readonly sent: Valid<ReleasedProjectField>[],
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open();
  private fields() {
    return [this.name, ...this.sent.filter((s) => s.field !== 'projektName')];
  }
  async run(m: ExploreModel, r: ExploreReal) {
    r.session.beginCommand(this.toString());
    const label = `P${m.state.projects.length + 1}`;
    const fields = this.fields();
    let created: ProjectModel | undefined;
    await r.session.send('owner', 'POST', '/reports/with-data', { [this.envelope]: Object.fromEntries(fields.map((s) => [s.field, s.value])) }, {
      status: 201,
      statusRules: ['PROJ-84', this.envelope === 'projectData' ? 'PROJ-5' : 'PROJ-6'],
      judge: (body, c) => {
        const ref = refOf(body);
        const key = c.compare(['PROJ-84'], ref !== undefined, () => ({ what: 'projektHeader.key', expected: 'a key', actual: JSON.stringify(body).slice(0, 160) }));
        if (!ref) return key;
        created = newProject(ref, label, Object.fromEntries(fields.map((s) => [s.field, s.expected])));
        return judgeProject(c, created, body, 'creation');
      },
      summary: `HTTP 201, projektHeader.status 1, ${predicted(fields)} (the new project is ${label})`,
    }, CREATION);
    if (created) m.state.projects.push(created);
  }
  toString = () => `create a project with data (POST /reports/with-data, ${this.envelope}: ${fieldsText(this.fields())})`;
}

/** `POST /reports/with-data` with one invalid value: 422, no project (PROJ-86). */
class CreateRefused implements Cmd {
  constructor(
    private readonly name: Valid<ReleasedProjectField>,
    private readonly invalid: Invalid,
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open();
  async run(_m: ExploreModel, r: ExploreReal) {
    r.session.beginCommand(this.toString());
    const body = { projectData: { [this.name.field]: this.name.value, [this.invalid.field]: this.invalid.value } };
    await r.session.send('owner', 'POST', '/reports/with-data', body, refused(this.invalid, `HTTP 422 validation for ${this.invalid.field} (${this.invalid.why}); no project created (PROJ-86)`), REFUSED);
  }
  toString = () => `create a project with an invalid ${this.invalid.field} (${this.invalid.why}: ${show(this.invalid.value)})`;
}

/** An accepted PATCH, then the detail through the same token: sent fields normalized, all others unchanged (PROJ-102, PROJ-119). */
class PatchProject implements Cmd {
  constructor(
    private readonly p: number,
    private readonly sent: Valid<ReleasedProjectField>[],
    private readonly envelope: 'projectData' | 'projektData',
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0;
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    await r.session.send('owner', 'PATCH', projectPath(project), { [this.envelope]: Object.fromEntries(this.sent.map((s) => [s.field, s.value])) }, {
      status: 200,
      statusRules: ['PROJ-101'],
      summary: 'HTTP 200',
    });
    applyProjectPatch(project, Object.fromEntries(this.sent.map((s) => [s.field, s.expected])));
    await r.session.send('owner', 'GET', projectPath(project), undefined, detailPrediction(project, `HTTP 200, ${predicted(this.sent)}, every other field and the status unchanged`));
  }
  toString = (project?: ProjectModel) => `change ${project?.label ?? `project #${this.p}`} (PATCH ${this.envelope}: ${fieldsText(this.sent)}) and read it back`;
}

/** A refused PATCH (one invalid value, maybe beside a valid one), then the detail: nothing changed. */
class PatchProjectRefused implements Cmd {
  constructor(
    private readonly p: number,
    private readonly invalid: Invalid,
    private readonly beside: Valid<ReleasedProjectField> | undefined,
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0 && this.beside?.field !== this.invalid.field;
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    const fields = { ...(this.beside ? { [this.beside.field]: this.beside.value } : {}), [this.invalid.field]: this.invalid.value };
    await r.session.send('owner', 'PATCH', projectPath(project), { projectData: fields }, refused(this.invalid, `HTTP 422 validation for ${this.invalid.field} (${this.invalid.why})`));
    keepAll(project, this.invalid.rule);
    await r.session.send('owner', 'GET', projectPath(project), undefined, detailPrediction(project, 'HTTP 200, nothing changed by the refused PATCH'));
  }
  toString = (project?: ProjectModel) =>
    `change ${project?.label ?? `project #${this.p}`} with an invalid ${this.invalid.field} (${this.invalid.why}: ${show(this.invalid.value)})${this.beside ? ` beside ${this.beside.field}=${show(this.beside.value)}` : ''} and read it back`;
}

/** `PUT .../password` (PROJ-107), then the detail: no field changed, no password shown (PROJ-115). */
class SetPassword implements Cmd {
  constructor(
    private readonly p: number,
    private readonly password: string,
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0;
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    m.state.passwords.push(this.password);
    await r.session.send('owner', 'PUT', `${projectPath(project)}/password`, { newPassword: this.password }, { status: 200, statusRules: ['PROJ-107'], summary: 'HTTP 200, the password nowhere in the answer' });
    applyPasswordChange(project);
    keepAll(project, 'PROJ-114');
    await r.session.send('owner', 'GET', projectPath(project), undefined, detailPrediction(project, 'HTTP 200, every field unchanged, no password shown'));
  }
  toString = (project?: ProjectModel) => `set the portal password of ${project?.label ?? `project #${this.p}`} (PUT .../password, ${this.password.length} characters) and read the project`;
}

class SetPasswordRefused implements Cmd {
  constructor(
    private readonly p: number,
    private readonly attempt: { body: Record<string, unknown>; rule: string; why: string; secret?: string },
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0;
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    if (this.attempt.secret) m.state.passwords.push(this.attempt.secret);
    await r.session.send('owner', 'PUT', `${projectPath(project)}/password`, this.attempt.body, {
      status: 422,
      statusRules: [this.attempt.rule],
      error: { type: 'validation', rules: [this.attempt.rule] },
      summary: `HTTP 422 validation (${this.attempt.why})`,
    });
  }
  toString = (project?: ProjectModel) => `set an invalid portal password of ${project?.label ?? `project #${this.p}`} (${this.attempt.why})`;
}

/** GET of a project through the owner's first or second token. */
class ReadProject implements Cmd {
  constructor(
    private readonly p: number,
    private readonly who: Who,
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0 && (this.who !== 'owner2' || m.secondToken);
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    await r.session.send(this.who, 'GET', projectPath(project), undefined, detailPrediction(project, `HTTP 200, ${project.label} as the model has it`));
  }
  toString = (project?: ProjectModel) => `read ${project?.label ?? `project #${this.p}`} (GET /reports/{key}${this.who === 'owner2' ? ', second token' : ''})`;
}

/** GET /reports through either token: every project of the sequence is listed (PROJ-92). */
class ListProjects implements Cmd {
  constructor(private readonly who: Who) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0 && (this.who !== 'owner2' || m.secondToken);
  async run(m: ExploreModel, r: ExploreReal) {
    r.session.beginCommand(this.toString());
    const projects = [...m.state.projects];
    await r.session.send(this.who, 'GET', '/reports', undefined, {
      status: 200,
      statusRules: ['PROJ-89'],
      judge: (body, c) => judgeProjectList(c, body, projects, true),
      summary: `HTTP 200 listing ${m.state.projects.map((p) => p.label).join(', ')}`,
    });
  }
  toString = () => `list the projects (GET /reports${this.who === 'owner2' ? ', second token' : ''})`;
}

/**
 * Results of a project the API made: base room data never suffice (RES-17). The same request meets
 * the license and radius checks ("403 when missing"), in an order the spec does not give: a
 * customer whose license radius leaves the project out may answer 403 instead.
 */
class ReadResults implements Cmd {
  constructor(private readonly p: number) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0;
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    await r.session.send('owner', 'GET', `${projectPath(project)}/results`, undefined, {
      status: 422,
      statusRules: ['RES-17'],
      error: {
        type: 'calculation_unavailable',
        rules: ['RES-17'],
        details: (d, c) => c.compare(['RES-17'], d.calculationStatus === 'unavailable', () => ({ what: 'details.calculationStatus', expected: '"unavailable"', actual: JSON.stringify(d.calculationStatus) })),
      },
      // A 403 judges the order of the checks (ERR-10), not the data (RES-17): that needs the 422.
      or: [{ status: 403, statusRules: ['ERR-10'], error: { type: 'authorization', rules: ['ERR-10'] } }],
      summary: 'HTTP 422 calculation_unavailable, calculationStatus unavailable (base room data alone do not suffice); or 403 authorization when the radius check comes first',
    });
  }
  toString = (project?: ProjectModel) => `read the results of ${project?.label ?? `project #${this.p}`} (GET .../results)`;
}

// -------------------------------------------------------------------------------------------------
// Rooms
// -------------------------------------------------------------------------------------------------

const roomValues = (sent: readonly Valid<RoomField>[]) => Object.fromEntries(sent.map((s) => [s.field, s.value]));
const roomExpected = (sent: readonly Valid<RoomField>[]) => Object.fromEntries(sent.map((s) => [s.field, s.expected])) as Partial<Record<RoomField, Expected>>;

/** POST .../rooms: 201 with the room as sent and the defaults for the rest (ROOM-2, ROOM-21..35); the status moves (STAT-3). */
class CreateRoom implements Cmd {
  constructor(
    private readonly p: number,
    private readonly sent: Valid<RoomField>[],
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0;
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    let room: RoomModel | undefined;
    await r.session.send('owner', 'POST', roomsPath(project), { roomData: roomValues(this.sent) }, {
      status: 201,
      statusRules: ['ROOM-2'],
      judge: (body, c) => {
        const id = idOf(body);
        const named = c.compare(['ROOM-2'], id !== undefined, () => ({ what: 'room.id', expected: 'an id', actual: JSON.stringify(body).slice(0, 160) }));
        if (!id) return named;
        room = addRoom(m.state, project, id, roomExpected(this.sent));
        return judgeRoomAnswer(c, project, room, body, 'ROOM-2');
      },
      summary: `HTTP 201, ${predicted(this.sent)}, defaults for the rest, raumBaujahr from ${project.label} (the new room is R${m.state.roomsCreated + 1})`,
    });
  }
  toString = (project?: ProjectModel) => `create a room in ${project?.label ?? `project #${this.p}`} (POST .../rooms: ${fieldsText(this.sent)})`;
}

/** A refused room creation: 422; no room (the next room list must not show one). */
class CreateRoomRefused implements Cmd {
  constructor(
    private readonly p: number,
    private readonly invalid: Invalid,
    private readonly name: string,
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0;
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    const roomData = this.invalid.field === 'raumBezeichnung' ? { raumBezeichnung: this.invalid.value } : { raumBezeichnung: this.name, [this.invalid.field]: this.invalid.value };
    await r.session.send('owner', 'POST', roomsPath(project), { roomData }, refused(this.invalid, `HTTP 422 validation for ${this.invalid.field} (${this.invalid.why}); no room created`), REFUSED);
  }
  toString = (project?: ProjectModel) => `create a room in ${project?.label ?? `project #${this.p}`} with an invalid ${this.invalid.field} (${this.invalid.why})`;
}

function roomCheck(m: Readonly<ExploreModel>, p: number): boolean {
  return m.open() && m.state.projects.length > 0 && pick(m.state.projects, p).rooms.length > 0;
}

/** PATCH of a room: 200 with the sent fields changed and the others kept (ROOM-4, ROOM-49). */
class PatchRoom implements Cmd {
  constructor(
    private readonly p: number,
    private readonly room: number,
    private readonly sent: Valid<RoomField>[],
  ) {}
  check = (m: Readonly<ExploreModel>) => roomCheck(m, this.p);
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    const room = pick(project.rooms, this.room);
    r.session.beginCommand(this.toString(project, room));
    applyRoomPatch(project, room, roomExpected(this.sent));
    await r.session.send('owner', 'PATCH', roomsPath(project, room), { roomData: roomValues(this.sent) }, {
      status: 200,
      statusRules: ['ROOM-4'],
      judge: (body, c) => judgeRoomAnswer(c, project, room, body, 'ROOM-4'),
      summary: `HTTP 200, ${predicted(this.sent)}, every other field kept`,
    });
  }
  toString = (project?: ProjectModel, room?: RoomModel) => `change ${room?.label ?? `room #${this.room}`} of ${project?.label ?? `project #${this.p}`} (PATCH: ${fieldsText(this.sent)})`;
}

class PatchRoomRefused implements Cmd {
  constructor(
    private readonly p: number,
    private readonly room: number,
    private readonly invalid: Invalid,
  ) {}
  check = (m: Readonly<ExploreModel>) => roomCheck(m, this.p);
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    const room = pick(project.rooms, this.room);
    r.session.beginCommand(this.toString(project, room));
    await r.session.send('owner', 'PATCH', roomsPath(project, room), { roomData: { [this.invalid.field]: this.invalid.value } }, refused(this.invalid, `HTTP 422 validation for ${this.invalid.field} (${this.invalid.why}); the room unchanged`));
    keepAll(project, this.invalid.rule);
  }
  toString = (project?: ProjectModel, room?: RoomModel) => `change ${room?.label ?? `room #${this.room}`} of ${project?.label ?? `project #${this.p}`} with an invalid ${this.invalid.field} (${this.invalid.why})`;
}

/** GET of a project's rooms through either token: exactly its rooms, each as the model has it. */
class ListRooms implements Cmd {
  constructor(
    private readonly p: number,
    private readonly who: Who,
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.state.projects.length > 0 && (this.who !== 'owner2' || m.secondToken);
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    await r.session.send(this.who, 'GET', roomsPath(project), undefined, {
      status: 200,
      statusRules: ['ROOM-1'],
      judge: (body, c) => judgeRoomList(c, project, body),
      summary: `HTTP 200 with ${project.rooms.length === 0 ? 'no rooms' : project.rooms.map((room) => room.label).join(', ')}`,
    });
  }
  toString = (project?: ProjectModel) => `list the rooms of ${project?.label ?? `project #${this.p}`} (GET .../rooms${this.who === 'owner2' ? ', second token' : ''})`;
}

class ReadRoom implements Cmd {
  constructor(
    private readonly p: number,
    private readonly room: number,
    private readonly who: Who,
  ) {}
  check = (m: Readonly<ExploreModel>) => roomCheck(m, this.p) && (this.who !== 'owner2' || m.secondToken);
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    const room = pick(project.rooms, this.room);
    r.session.beginCommand(this.toString(project, room));
    await r.session.send(this.who, 'GET', roomsPath(project, room), undefined, {
      status: 200,
      statusRules: ['ROOM-3'],
      judge: (body, c) => judgeRoomAnswer(c, project, room, body, 'ROOM-3'),
      summary: `HTTP 200, ${room.label} as the model has it`,
    });
  }
  toString = (project?: ProjectModel, room?: RoomModel) => `read ${room?.label ?? `room #${this.room}`} of ${project?.label ?? `project #${this.p}`}${this.who === 'owner2' ? ' (second token)' : ''}`;
}

/** A room id under another own project: 404 (ROOM-8). */
class ReadRoomElsewhere implements Cmd {
  constructor(
    private readonly p: number,
    private readonly room: number,
    private readonly other: number,
  ) {}
  check = (m: Readonly<ExploreModel>) => roomCheck(m, this.p) && m.state.projects.length > 1;
  private others(m: ExploreModel, project: ProjectModel) {
    return m.state.projects.filter((p) => p !== project);
  }
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    const room = pick(project.rooms, this.room);
    const other = pick(this.others(m, project), this.other);
    r.session.beginCommand(this.toString(project, room, other));
    await r.session.send('owner', 'GET', roomsPath(other, room), undefined, notFound('ROOM-8', `HTTP 404 not_found: ${room.label} belongs to ${project.label}`));
  }
  toString = (project?: ProjectModel, room?: RoomModel, other?: ProjectModel) =>
    `read ${room?.label ?? `room #${this.room}`} of ${project?.label ?? `project #${this.p}`} under ${other?.label ?? 'another own project'}`;
}

// -------------------------------------------------------------------------------------------------
// Another customer
// -------------------------------------------------------------------------------------------------

type StrangerAction = 'detail' | 'rooms' | 'room' | 'patch' | 'list';

/** A customer that owns nothing of the sequence: 404 for every project and room of it, none of them listed, its PATCH changes nothing. */
class StrangerRequest implements Cmd {
  constructor(
    private readonly p: number,
    private readonly action: StrangerAction,
    private readonly patch: Valid<ReleasedProjectField>,
  ) {}
  check = (m: Readonly<ExploreModel>) => m.open() && m.stranger && m.state.projects.length > 0 && (this.action !== 'room' || pick(m.state.projects, this.p).rooms.length > 0);
  async run(m: ExploreModel, r: ExploreReal) {
    const project = pick(m.state.projects, this.p);
    r.session.beginCommand(this.toString(project));
    switch (this.action) {
      case 'detail':
        return r.session.send('stranger', 'GET', projectPath(project), undefined, notFound('AUTH-17', 'HTTP 404 not_found'));
      case 'rooms':
        return r.session.send('stranger', 'GET', roomsPath(project), undefined, notFound('ROOM-9', 'HTTP 404 not_found'));
      case 'room':
        return r.session.send('stranger', 'GET', roomsPath(project, pick(project.rooms, 0)), undefined, notFound('AUTH-20', 'HTTP 404 not_found'));
      case 'patch':
        await r.session.send('stranger', 'PATCH', projectPath(project), { projectData: { [this.patch.field]: this.patch.value } }, notFound('PROJ-103', 'HTTP 404 not_found, nothing changed'));
        return keepAll(project, 'PROJ-103');
      case 'list': {
        const projects = [...m.state.projects];
        return r.session.send('stranger', 'GET', '/reports', undefined, {
          status: 200,
          statusRules: ['PROJ-89'],
          judge: (body, c) => judgeProjectList(c, body, projects, false),
          summary: `HTTP 200 listing none of ${m.state.projects.map((p) => p.label).join(', ')}`,
        });
      }
    }
  }
  toString = (project?: ProjectModel) => {
    const target = project?.label ?? `project #${this.p}`;
    const what: Record<StrangerAction, string> = {
      detail: `read ${target}`,
      rooms: `list the rooms of ${target}`,
      room: `read the first room of ${target}`,
      patch: `change ${target} (${this.patch.field}=${show(this.patch.value)})`,
      list: 'list its own projects',
    };
    return `another customer: ${what[this.action]}`;
  };
}

// -------------------------------------------------------------------------------------------------
// The command arbitrary
// -------------------------------------------------------------------------------------------------

/** Arbitraries of the commands: the project creation every sequence starts with, and every command with its weight. */
export interface CommandArbitraries {
  first: fc.Arbitrary<Cmd>;
  next: fc.Arbitrary<Cmd>;
}

/**
 * Writes that build state (rooms, PATCHes) and the reads that judge it come most often; refusals,
 * passwords and the other customer's requests less. A sequence starts with a creation, so its
 * other commands find a project to work on.
 */
export function commandArbitraries(inputs: ProjectInputs, projectName: (suffix: string) => string): CommandArbitraries {
  const index = fc.nat({ max: 7 });
  const envelope = fc.constantFrom('projectData' as const, 'projektData' as const);
  const reader = fc.constantFrom<Who>('owner', 'owner2');
  const name = fc.tuple(fc.constantFrom('Haus', 'Wohnung', 'Altbau'), fc.nat(999)).map(([w, n]): Valid<ReleasedProjectField> => {
    const text = projectName(`${w} ${n}`);
    return { field: 'projektName', value: text, expected: { kind: 'text', text, rule: 'PROJ-119' } };
  });
  const roomName = fc.nat(999).map((n) => `Raum ${n}`);
  const weighted = (weight: number, arbitrary: fc.Arbitrary<Cmd>) => ({ weight, arbitrary });
  const createEmpty = fc.boolean().map((omit): Cmd => new CreateEmpty(omit));
  const createWithData = fc.tuple(envelope, name, inputs.validFields(3)).map(([e, n, sent]): Cmd => new CreateWithData(e, n, sent));
  const next = fc.oneof(
    weighted(1, fc.oneof(createEmpty, createWithData)),
    weighted(1, fc.tuple(name, inputs.invalid).map(([n, invalid]) => new CreateRefused(n, invalid))),
    weighted(7, fc.tuple(index, inputs.validFields(3), envelope).map(([p, sent, e]) => new PatchProject(p, sent, e))),
    weighted(1, fc.tuple(index, inputs.invalid, fc.option(inputs.validFields(1).map((s) => s[0] as Valid<ReleasedProjectField>))).map(([p, invalid, beside]) => new PatchProjectRefused(p, invalid, beside ?? undefined))),
    weighted(3, fc.tuple(index, validPassword).map(([p, password]) => new SetPassword(p, password))),
    weighted(1, fc.tuple(index, invalidPasswordBody).map(([p, attempt]) => new SetPasswordRefused(p, attempt))),
    weighted(4, fc.tuple(index, reader).map(([p, who]) => new ReadProject(p, who))),
    weighted(1, reader.map((who) => new ListProjects(who))),
    weighted(1, index.map((p) => new ReadResults(p))),
    weighted(10, fc.tuple(index, roomCreation).map(([p, sent]) => new CreateRoom(p, sent))),
    weighted(1, fc.tuple(index, roomInvalid, roomName).map(([p, invalid, n]) => new CreateRoomRefused(p, invalid, n))),
    weighted(3, fc.tuple(index, index, roomChange).map(([p, room, sent]) => new PatchRoom(p, room, sent))),
    weighted(1, fc.tuple(index, index, roomInvalid).map(([p, room, invalid]) => new PatchRoomRefused(p, room, invalid))),
    weighted(2, fc.tuple(index, reader).map(([p, who]) => new ListRooms(p, who))),
    weighted(2, fc.tuple(index, index, reader).map(([p, room, who]) => new ReadRoom(p, room, who))),
    weighted(1, fc.tuple(index, index, index).map(([p, room, other]) => new ReadRoomElsewhere(p, room, other))),
    weighted(
      1,
      fc
        .tuple(index, fc.constantFrom<StrangerAction>('detail', 'rooms', 'room', 'patch', 'list'), inputs.validFields(1))
        .map(([p, action, sent]) => new StrangerRequest(p, action, sent[0] as Valid<ReleasedProjectField>)),
    ),
  );
  return { first: fc.oneof(weighted(1, createEmpty), weighted(3, createWithData)), next };
}
