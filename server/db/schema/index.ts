export * from './users';
export * from './workspaces';
