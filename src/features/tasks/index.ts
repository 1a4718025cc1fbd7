/** What other features may use of the tasks area. */
export { taskKeys } from './keys';
