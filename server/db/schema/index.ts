export * from './users';
export * from './workspaces';
export * from './teams';
export * from './profile';
