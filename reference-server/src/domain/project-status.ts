/**
 * The spec's project status table. Only the transitions it lists exist here: a created room
 * moves a project to 2 (in progress) unless it is completed (4) or archived (5).
 */
export const STATUS_NEW = 1;
export const STATUS_IN_PROGRESS = 2;
export const FINAL_STATUSES: ReadonlySet<number> = new Set([4, 5]);

export function statusAfterRoomCreated(current: number): number {
  return FINAL_STATUSES.has(current) ? current : STATUS_IN_PROGRESS;
}
