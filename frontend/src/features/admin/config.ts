/** The moderation page's own sizes (the name and reason limits and the default type come from /config). */
export const ADMIN_PAGE_SIZE = 20;
/** Existing stores within this radius of a submission are drawn on its map preview. */
export const PREVIEW_NEARBY_RADIUS_KM = 1;
export const PREVIEW_NEARBY_LIMIT = 100;
