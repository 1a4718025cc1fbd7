/** What other features may use of the drive. */
export { driveKeys } from './api';
