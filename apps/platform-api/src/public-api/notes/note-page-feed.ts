import type { NotePageRowOf } from '../../notes/note-page';

/**
 * The rows of a notes page statement as they arrive (give `push` to `readScopedNotePage` as its
 * `onRow`), held for a reader that starts following them later: the listing handler, once the
 * token is authorized, which may be before, during or after the statement's rows.
 */
export class NotePageFeed<T> {
  private readonly arrived: NotePageRowOf<T>[] = [];
  private follower: ((row: NotePageRowOf<T>) => void) | undefined;
  private announceFirst: ((row: NotePageRowOf<T>) => void) | undefined;
  /** Resolves with the first row (it tells the environment's project) when it arrives. */
  readonly first = new Promise<NotePageRowOf<T>>((resolve) => {
    this.announceFirst = resolve;
  });

  readonly push = (row: NotePageRowOf<T>): void => {
    if (this.arrived.length === 0) this.announceFirst?.(row);
    this.arrived.push(row);
    this.follower?.(row);
  };

  /** Calls `follower` with every row that has arrived, in order, then with each later one as it arrives. */
  follow(follower: (row: NotePageRowOf<T>) => void): void {
    for (const row of this.arrived) follower(row);
    this.follower = follower;
  }
}
