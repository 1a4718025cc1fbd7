/**
 * When each room last had something sent to it, as this process saw it (its own sends and, with
 * the Redis adapter, every other process's). A page's first socket connection asks whether its
 * rooms had any since the page started loading: if not, what it fetched is current and it need
 * not fetch it all again (docs/decisions/live-updates.md, "First connection").
 */
export class RoomActivity {
  /** How long a room's last send is remembered; an older `since` is answered "missed". */
  static readonly REMEMBER_MS = 10 * 60_000;
  /** Clocks of the processes and the client's reading of the server's clock may differ by this. */
  static readonly SKEW_MS = 2_000;

  private readonly lastSent = new Map<string, number>();
  private readonly startedAt: number;

  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
  }

  touch(rooms: Iterable<string>): void {
    const at = this.now();
    for (const room of rooms) this.lastSent.set(room, at);
  }

  /**
   * Whether anything may have been sent to these rooms since `since` (server time, ms): true
   * when one was, and whenever this process cannot know (it started later, or `since` is older
   * than it remembers).
   */
  missedSince(rooms: readonly string[], since: number): boolean {
    const from = since - RoomActivity.SKEW_MS;
    if (from < this.startedAt || from < this.now() - RoomActivity.REMEMBER_MS) return true;
    return rooms.some((room) => (this.lastSent.get(room) ?? -Infinity) >= from);
  }

  /** Forgets what is older than anyone may ask about. */
  prune(): void {
    const oldest = this.now() - RoomActivity.REMEMBER_MS - RoomActivity.SKEW_MS;
    for (const [room, at] of this.lastSent) if (at < oldest) this.lastSent.delete(room);
  }
}
