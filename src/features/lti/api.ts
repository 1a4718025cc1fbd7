import type { z } from 'zod';
import type { PluginBody, deepLinkBody } from '@contracts/lti';
import { ltiEndpoints as endpoints } from '@contracts/endpoints/lti';
import { taskEndpoints } from '@contracts/endpoints/tasks';
import { api } from '@/lib/http';

/** Query keys of the LTI feature. */
export const ltiKeys = {
  all: ['core', 'lti'] as const,
  process: (plugin: string, launch: string) => ['core', 'lti', 'process', plugin, launch] as const,
  plugins: ['core', 'plugins'] as const,
  link: ['core', 'lti', 'link'] as const,
  tasks: (workspaceId: number) => ['core', 'lti', 'tasks', workspaceId] as const,
  roster: (workspaceId: number) => ['core', 'lti', 'roster', workspaceId] as const,
};

const quiet = { hideMessages: true };

export const ltiApi = {
  process: async (plugin: string, launch: string) =>
    await api.call(endpoints.process, { params: { id: plugin }, body: { launch } }, quiet),
  deepLink: async (body: z.infer<typeof deepLinkBody>) =>
    await api.call(endpoints.deepLink, { body }, quiet),
  tasks: async (workspaceId: number) =>
    (
      await api.call(
        taskEndpoints.list,
        { params: { id: workspaceId }, query: { per_page: 100 } },
        quiet,
      )
    ).tasks,
  plugins: async () => await api.call(endpoints.plugins),
  createPlugin: async (body: PluginBody) => await api.call(endpoints.createPlugin, { body }, quiet),
  archivePlugin: async (id: number) => await api.call(endpoints.archivePlugin, { params: { id } }),
  approvePlugin: async (id: number) => await api.call(endpoints.approvePlugin, { params: { id } }),
  revokeApproval: async (id: number) =>
    await api.call(endpoints.revokeApproval, { params: { id } }),
  link: async () => await api.call(endpoints.link, {}, quiet),
  /** The whole answer: the page announces its message once it has moved on. */
  confirmLink: async () => await api.envelope(endpoints.confirmLink, {}, quiet),
  roster: async (workspaceId: number) =>
    await api.call(endpoints.roster, { query: { workspace_id: workspaceId } }, quiet),
  bringInRoster: async (workspaceId: number) =>
    await api.call(endpoints.bringInRoster, { body: { workspace_id: workspaceId } }, quiet),
  deletePlugin: async (id: number) =>
    await api.envelope(endpoints.deletePlugin, { params: { id } }),
};
