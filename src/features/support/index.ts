/** The support widget (spec 1, 4, 9) and its shown/hidden state for the user menu. */
export { SupportWidget } from './SupportWidget';
export { setSupportHidden, useSupportHidden } from '@/lib/support-visibility';
