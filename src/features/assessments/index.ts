export { AnnouncementGate } from './components/AnnouncementGate';
export { assessmentKeys } from './keys';
