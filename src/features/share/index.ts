/** Sharing by link: the Share action records show, and the link helpers. */
export { ShareButton } from './ShareDialog';
export { sharePath, recordPath, parseShare, type ShareRecord, type ShareType } from './links';
