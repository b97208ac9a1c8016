import { freedoms } from './freedom.js';

/** Freedoms of the status area: each quotes the spec's words that leave the reading open. */
export const statusFreedoms = freedoms('status', [
  {
    id: 'FREE-STAT-1',
    quote: 'Meaning of values other than 1, 2, 4 and 5 and transitions beyond the rows above: not shown.',
    reading:
      'Operations the table has no row for may move the project status, to values whose meaning is not shown (PDF generation moving a project in 1 or 2 to 3, say); a project PATCH may not ("changes only the sent released fields"), nor a pure read.',
  },
]);
