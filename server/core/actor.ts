import type { UserRow } from '../db/schema';

/** How an actor came in: every channel calls the same operations (docs/decisions/operations.md). */
export type ActorChannel = 'http' | 'socket' | 'job' | 'lti' | 'cli' | 'assistant';

/**
 * Who acts in an operation. Operations never see a request or a socket: HTTP, the socket, jobs,
 * LTI and the command line each build an actor and call the same operation, so each meets the
 * same rules and the same refusals.
 */
export interface Actor {
  userId: number;
  /** The account's role: supervisors may see every workspace. */
  role: UserRow['role'];
  via: ActorChannel;
  /**
   * The session the actor came with. A socket outlives the handshake that checked it, so an
   * operation called from the socket checks that its session is still open.
   */
  sessionId?: string;
}

export function actorFor(
  user: Pick<UserRow, 'id' | 'role'>,
  via: ActorChannel,
  sessionId?: string,
): Actor {
  return { userId: user.id, role: user.role, via, sessionId };
}
