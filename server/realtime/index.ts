import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { resolveAccessToken } from '../auth/access-token';
import { can } from '../auth/permissions';
import type { AppDeps } from '../context';
import type { App } from '../http/types';
import { loadWorkspaceAccess } from '../modules/workspaces/access';

export const SOCKET_PATH = '/_socket_/socket.io';

export interface Realtime {
  toUser(userId: number, event: string, payload: unknown): void;
  toWorkspace(workspaceId: number, event: string, payload: unknown): void;
}

/**
 * Rooms are named by what they mean (`user-<id>`, `workspace-<id>`) and joined through the
 * client's `register` event only after the server has checked access. With REDIS_URL set the
 * Redis streams adapter lets several API processes share rooms (it survives a Redis blip).
 */
export function attachRealtime(app: App, deps: AppDeps): Realtime {
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
  });
  let redis: Redis | undefined;
  if (deps.config.REDIS_URL) {
    redis = new Redis(deps.config.REDIS_URL, { maxRetriesPerRequest: null });
    io.adapter(createAdapter(redis));
  }

  io.use(async (socket, next) => {
    const token =
      typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
    const auth = token ? await resolveAccessToken(deps, token) : null;
    if (!auth) return next(new Error('unauthorized'));
    socket.data.userId = auth.user.id;
    socket.data.userRole = auth.user.role;
    return next();
  });

  io.on('connection', (socket) => {
    const userId = socket.data.userId as number;
    void socket.join(`user-${userId}`);
    socket.on('register', async (room: unknown, ack?: (answer: { ok: boolean }) => void) => {
      const allowed = await mayJoin(
        deps,
        { id: userId, role: socket.data.userRole as string },
        room,
      );
      if (allowed && typeof room === 'string') await socket.join(room);
      ack?.({ ok: allowed });
    });
  });

  app.addHook('onClose', async () => {
    await io.close();
    redis?.disconnect();
  });

  return {
    toUser: (userId, event, payload) => io.to(`user-${userId}`).emit(event, payload),
    toWorkspace: (workspaceId, event, payload) =>
      io.to(`workspace-${workspaceId}`).emit(event, payload),
  };
}

async function mayJoin(deps: AppDeps, user: { id: number; role: string }, room: unknown) {
  if (typeof room !== 'string') return false;
  const [, kind, id] = room.match(/^(user|workspace)-(\d+)$/) ?? [];
  if (kind === 'user') return Number(id) === user.id;
  if (kind === 'workspace') {
    const access = await loadWorkspaceAccess(deps.db, Number(id), user);
    return access !== null && can(access, 'view_workspace');
  }
  return false;
}

/**
 * For a process that forwards sockets to the API instead of holding them (the standalone
 * bot-proxy): sending from there is a programming error, so it says so loudly.
 */
export function realtimeHeldElsewhere(where: string): Realtime {
  const refuse = () => {
    throw new Error(`Realtime events are sent by ${where}, not by this process`);
  };
  return { toUser: refuse, toWorkspace: refuse };
}
