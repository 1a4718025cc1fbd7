export const teamKeys = {
  all: ['teams'] as const,
  members: (workspaceId: number) => ['teams', 'members', workspaceId] as const,
  list: (workspaceId: number) => ['teams', 'list', workspaceId] as const,
  requests: (workspaceId: number) => ['teams', 'requests', workspaceId] as const,
  card: (teamId: number) => ['teams', 'card', teamId] as const,
  public: (workspaceId: number) => ['teams', 'public', workspaceId] as const,
};
