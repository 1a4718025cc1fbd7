export { AnnouncementGate } from './components/AnnouncementDialog';
export { assessmentKeys } from './api';
