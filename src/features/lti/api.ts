import type { z } from 'zod';
import type {
  DeepLinkResult,
  LinkResult,
  LinkStatus,
  Plugin,
  PluginBody,
  PluginList,
  ProcessResult,
  RosterStatus,
  RosterSync,
  deepLinkBody,
} from '@contracts/lti';
import type { taskList } from '@contracts/tasks';
import { api, callEnvelope, http } from '@/lib/http';

/** Query keys of the LTI feature. */
export const ltiKeys = {
  plugins: ['core', 'plugins'] as const,
  link: ['core', 'lti', 'link'] as const,
  tasks: (workspaceId: number) => ['core', 'lti', 'tasks', workspaceId] as const,
  roster: (workspaceId: number) => ['core', 'lti', 'roster', workspaceId] as const,
};

export const ltiApi = {
  process: async (plugin: string, launch: string) =>
    await api.post<ProcessResult>(
      `/core/lti/${encodeURIComponent(plugin)}/process`,
      { launch },
      { hideMessages: true },
    ),
  deepLink: async (body: z.infer<typeof deepLinkBody>) =>
    await api.post<DeepLinkResult>('/core/lti/deep-link', body, { hideMessages: true }),
  tasks: async (workspaceId: number) =>
    (
      await api.get<z.infer<typeof taskList>>(`/core/workspaces/${workspaceId}/tasks`, {
        ...{ hideMessages: true },
        params: { per_page: 100 },
      })
    ).tasks,
  plugins: async () => await api.get<PluginList>('/core/plugins'),
  createPlugin: async (body: PluginBody) =>
    await api.post<Plugin>('/core/plugins', body, { hideMessages: true }),
  archivePlugin: async (id: number) => await api.post<Plugin>(`/core/plugins/${id}/archive`),
  approvePlugin: async (id: number) => await api.post<Plugin>(`/core/plugins/${id}/approve`),
  revokeApproval: async (id: number) =>
    await api.post<Plugin>(`/core/plugins/${id}/revoke-approval`),
  link: async () => await api.get<LinkStatus>('/core/lti/link', { hideMessages: true }),
  /** The whole answer: the page announces its message once it has moved on. */
  confirmLink: async () =>
    await callEnvelope<LinkResult>('post', '/core/lti/link/confirm', undefined, {
      hideMessages: true,
    }),
  roster: async (workspaceId: number) =>
    await api.get<RosterStatus>('/core/lti/roster', {
      params: { workspace_id: workspaceId },
      hideMessages: true,
    }),
  bringInRoster: async (workspaceId: number) =>
    await api.post<RosterSync>(
      '/core/lti/roster',
      { workspace_id: workspaceId },
      { hideMessages: true },
    ),
  deletePlugin: async (id: number) => (await http.delete(`/core/plugins/${id}`)).data,
};
