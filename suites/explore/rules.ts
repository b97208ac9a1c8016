/**
 * The rules the exploration's comparisons judge, as each lane names them (a failure names the one
 * that broke; a passing lane judges those it compared, comparisons.ts), and those only some
 * actors' requests can compare.
 */
export const EXPLORE_RULES = [
  'PROJ-5', 'PROJ-6', 'PROJ-8', 'PROJ-11', 'PROJ-12', 'PROJ-13', 'PROJ-22', 'PROJ-23', 'PROJ-24', 'PROJ-61', 'PROJ-65', 'PROJ-69',
  'PROJ-73', 'PROJ-76', 'PROJ-77', 'PROJ-84', 'PROJ-87', 'PROJ-89', 'PROJ-91', 'PROJ-92', 'PROJ-95', 'PROJ-96', 'PROJ-101', 'PROJ-102',
  'PROJ-103', 'PROJ-107', 'PROJ-109', 'PROJ-110', 'PROJ-111', 'PROJ-112', 'PROJ-113', 'PROJ-114', 'PROJ-115', 'PROJ-119',
  'STAT-1', 'STAT-3', 'STAT-5', 'STAT-6',
  'ROOM-1', 'ROOM-2', 'ROOM-3', 'ROOM-4', 'ROOM-5', 'ROOM-6', 'ROOM-7', 'ROOM-8', 'ROOM-9', 'ROOM-17', 'ROOM-18', 'ROOM-19', 'ROOM-21',
  'ROOM-22', 'ROOM-23', 'ROOM-24', 'ROOM-25', 'ROOM-26', 'ROOM-27', 'ROOM-28', 'ROOM-31', 'ROOM-32', 'ROOM-33', 'ROOM-34', 'ROOM-35', 'ROOM-36', 'ROOM-37',
  'ROOM-38', 'ROOM-43', 'ROOM-44', 'ROOM-45', 'ROOM-47', 'ROOM-49', 'ROOM-52',
  'AUTH-10', 'AUTH-17', 'AUTH-20', 'RES-17', 'ERR-1', 'ERR-10', 'ERR-18', 'META-12',
] as const;

/** Compared only through the owner's second token. */
export const SECOND_TOKEN_RULES = ['AUTH-10'] as const;

/** Compared only by the requests of a customer that owns nothing of the sequence (and the reads after its PATCH). */
export const STRANGER_RULES = ['PROJ-91', 'PROJ-103', 'ROOM-9', 'AUTH-17', 'AUTH-20'] as const;
