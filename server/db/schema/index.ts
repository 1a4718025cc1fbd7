export * from './users';
export * from './workspaces';
export * from './teams';
export * from './profile';
export * from './schedules';
export * from './criteria';
export * from './pins';
