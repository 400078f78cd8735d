// Moved to src/api/reference-lists (shared with the app's prefetch after login); kept here for existing imports.
export { REFERENCE_STALE_MS, referenceRows } from '../../../api/reference-lists/reference-rows';
