/** What other features may use of the team assistant. */
export { AssistantLauncher } from './AssistantLauncher';
