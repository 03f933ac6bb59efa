/** Moderation limits (docs/API.md "Contributions (issue 4)"; the server checks them again). */
export const ADMIN_PAGE_SIZE = 20;
export const STORE_NAME_MAX_LENGTH = 100;
export const REJECT_REASON_MAX_LENGTH = 500;
/** Existing stores within this radius of a submission are drawn on its map preview. */
export const PREVIEW_NEARBY_RADIUS_KM = 1;
export const PREVIEW_NEARBY_LIMIT = 100;
/** The store type a submission gets unless the admin picks another. */
export const DEFAULT_STORE_TYPE = 'other';
