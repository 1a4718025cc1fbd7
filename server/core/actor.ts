import type { DbOrTx } from '../db/client';
import type { UserRow } from '../db/schema';
import type { WorkspaceAccess } from './workspace-access';

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
  /**
   * The caller's access to a workspace, when it was read already (an HTTP route's session
   * lookup reads it with the session): taken once, so a second check reads anew.
   */
  takeReadAccess?: (workspaceId: number) => WorkspaceAccess | null | undefined;
}

export function actorFor(
  user: Pick<UserRow, 'id' | 'role'>,
  via: ActorChannel,
  sessionId?: string,
): Actor {
  return { userId: user.id, role: user.role, via, sessionId };
}

/**
 * An operation that first loads what it acts on, checking the actor's access there (`load`
 * throws the refusal), then runs on what was loaded. Who may call it stands in its declaration,
 * and every channel goes through the same load.
 */
export function operationOn<Input, Loaded, Deps extends { db: DbOrTx }, Result>(
  load: (db: DbOrTx, actor: Actor, input: Input) => Promise<Loaded>,
  run: (deps: Deps, loaded: Loaded, input: Input, actor: Actor) => Promise<Result>,
) {
  return async (deps: Deps, actor: Actor, input: Input): Promise<Result> =>
    run(deps, await load(deps.db, actor, input), input, actor);
}
