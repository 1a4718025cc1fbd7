/** What other parts of the app may use of the OKR area. */
export { okrKeys } from './keys';
