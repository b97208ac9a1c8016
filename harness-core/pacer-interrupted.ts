/** The run was interrupted: the pacer answers a waiting or later request with 503, which the pacer-client turns into RunInterrupted. */
export class PacerInterrupted extends Error {
  constructor() {
    super('run interrupted');
  }
}
