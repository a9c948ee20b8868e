/** The stream moved on since it was read: re-read and decide again (the command handler does this itself). */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(`Stream ${streamId} is at version ${actualVersion}, not the expected ${expectedVersion}: re-read it and retry the command.`);
    this.name = 'ConcurrencyError';
  }
}
