import { BoundedMap } from '../../judge/bounded-map.js';
import type { ExchangeView } from '../../judge/exchange-view.js';
import type { Judge, JudgeContext } from '../../judge/judge.js';
import type { Ledger } from '../../judge/ledger.js';
import { followsClosely, SEQUENCE_HORIZON_MS } from '../../judge/sequence-horizon.js';
import { FINAL_PROJECT_STATUSES, PROJECT_STATUS } from '../../../spec/contract/projects.js';
import { headerKeyOf, isCreation, isDetailRead } from './sequence-own-projects.js';
import { projectPathOf } from './project-path.js';
import { CREATION_ROWS, DETAIL_ROW } from './project-rows.js';
import { ProjectLog, projectOpsState, readsWithProjectLog, type ProjectOp } from './sequence-project-log.js';
import { Settler } from './sequence-settle.js';
import { earliestAnswer, earliestSend, latestAnswer } from '../../judge/recorded-times.js';

/** A project status an answer showed: a creation answer's or a detail read's projektHeader.status. */
interface Shown {
  x: ExchangeView;
  status: number;
}

interface ProjectStatus {
  created?: Shown;
  last?: Shown;
}

function statusOf(body: unknown): number | undefined {
  const status = (body as { projektHeader?: { status?: unknown } } | null | undefined)?.projektHeader?.status;
  return typeof status === 'number' ? status : undefined;
}

const isFinal = (status: number) => FINAL_PROJECT_STATUSES.includes(status);

/** Whether an operation between the two answers may overlap either. */
function overlaps(ops: readonly ProjectOp[], before: Shown, after: Shown): boolean {
  for (const op of ops) if (op.sentAt < latestAnswer(before.x) || op.answeredAt > earliestSend(after.x)) return true;
  return false;
}

function judgeNewProject(ledger: Ledger, after: Shown, created: Shown): void {
  ledger.judge('STAT-2', after.x, after.status === PROJECT_STATUS.created, () => `a new project read while only reads followed its creation shows projektHeader.status ${after.status}, not 1`, [created.x]);
}

/** The operations between two answers, none overlapping them: judged where they are all of one kind. */
function judgeTransition(ledger: Ledger, ops: readonly ProjectOp[], before: Shown, after: Shown): void {
  const kind = (ops[0] as ProjectOp).kind;
  if (ops.some((op) => op.kind !== kind)) return;
  const proof = [before.x];
  const message = (what: string, expected: number) => () => `projektHeader.status ${after.status} after ${what} in status ${before.status}; expected ${expected}`;
  if (kind === 'room-created') {
    const rooms = `${ops.length} room creation(s)`;
    // "4 or 5 (completed / archived) | POST .../rooms | room created | unchanged"
    if (isFinal(before.status)) ledger.judge('STAT-5', after.x, after.status === before.status, message(rooms, before.status), proof);
    // "any except 4 and 5 | POST .../rooms | room created | 2 (in progress)"
    else ledger.judge('STAT-3', after.x, after.status === PROJECT_STATUS.inProgress, message(rooms, PROJECT_STATUS.inProgress), proof);
  } else if (kind === 'room-changed') {
    // "any | PATCH .../rooms/{roomId} | room changed | unchanged"
    ledger.judge('STAT-6', after.x, after.status === before.status, message(`${ops.length} room change(s)`, before.status), proof);
  } else if (kind === 'room-refused' && before.status === PROJECT_STATUS.created) {
    // Status 1 moves to 2 only when a room is created, "saved together with the room".
    ledger.judge('STAT-13', after.x, after.status === PROJECT_STATUS.created, message(`${ops.length} refused room creation(s)`, PROJECT_STATUS.created), proof);
  }
}

/**
 * The project status table: what room creation (STAT-3 from any state but 4 and 5, STAT-5 in 4 or
 * 5), a room change (STAT-6) and a refused room creation (STAT-13) do to the status between two
 * answers that show it, and a new project read while nothing but reads followed its creation
 * (STAT-2). Judged only where the operations between the two answers are all of one kind: the
 * table has no row for the others (a PDF may move a project to a value not shown, FREE-STAT-1),
 * and a project PATCH between them is PROJ-102's. Every token's requests count, and none may
 * overlap either answer.
 */
export function statusTransitionJudge(context: JudgeContext): Judge {
  const log = new ProjectLog(context.shared(projectOpsState));
  const settler = new Settler();
  const projects = new BoundedMap<string, ProjectStatus>(5000, SEQUENCE_HORIZON_MS);

  function judge(ledger: Ledger, key: string, before: Shown, after: Shown, created: Shown | undefined): void {
    const ops = log.between(key, earliestSend(before.x), latestAnswer(after.x), [before.x.seq, after.x.seq]);
    // Told without a set of the kinds: nearly every pair of reads has nothing but reads between them.
    if (ops.length === 0) {
      if (!created || created.status !== PROJECT_STATUS.created || !followsClosely(created.x, after.x)) return;
      // "1 (value in a creation response) | project creation | new project | 1": reads move nothing (the log keeps none).
      if (log.between(key, earliestAnswer(created.x), latestAnswer(after.x), [after.x.seq]).length === 0) judgeNewProject(ledger, after, created);
      return;
    }
    if (!overlaps(ops, before, after)) judgeTransition(ledger, ops, before, after);
  }

  /** Runs once the read has settled: its closure made here, so that `see` makes no closure context. */
  function judgeLater(ledger: Ledger, key: string, before: Shown, after: Shown, created: Shown | undefined): void {
    settler.after(after.x.answeredAt, () => judge(ledger, key, before, after, created));
  }

  return {
    rules: ['STAT-2', 'STAT-3', 'STAT-5', 'STAT-6', 'STAT-13'],
    // The answers that show a status, and what its log records; at any other exchange `see` only
    // moved the settling clock, which `tick` does.
    reads: readsWithProjectLog([...CREATION_ROWS, DETAIL_ROW]),
    tick(sentAt) {
      settler.advance(sentAt);
    },
    see(x, ledger) {
      settler.advance(x.sentAt);
      log.record(x);
      if (!x.responseBodyRecorded) return;
      if (isCreation(x) && x.status === 201) {
        const key = headerKeyOf(x.responseJson)?.toLowerCase();
        const status = statusOf(x.responseJson);
        if (key === undefined || status === undefined) return;
        const shown = { x, status };
        projects.set(key, { created: shown, last: shown }, x.answeredAt);
      } else if (isDetailRead(x) && x.status === 200) {
        const key = projectPathOf(x)?.key;
        const status = statusOf(x.responseJson);
        if (key === undefined || status === undefined) return;
        const project = projects.get(key) ?? {};
        const before = project.last;
        const after = { x, status };
        const created = project.created;
        project.last = after;
        projects.set(key, project, x.answeredAt);
        if (before && followsClosely(before.x, x)) judgeLater(ledger, key, before, after, created);
      }
    },
    end() {
      settler.flush();
    },
  };
}
