export * from './users';
export * from './workspaces';
export * from './teams';
