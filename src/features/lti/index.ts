/** What other features may use of this one. */
export { CourseRoster } from './CourseRoster';
