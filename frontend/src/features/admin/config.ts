/** The moderation page's own sizes (the name and reason limits and the default type come from /config). */
export const ADMIN_PAGE_SIZE = 20;
/** Existing stores within this radius of a submission are drawn on its map preview. */
export const PREVIEW_NEARBY_RADIUS_KM = 1;
export const PREVIEW_NEARBY_LIMIT = 100;

/** The admin console's fixed sizes (the server enforces the same). */
export const CONSOLE_PAGE_SIZE = 50; // kAdminPageSize
export const MAX_STORE_QUERY_CHARS = 50;
export const MAX_STATUS_NOTE_CHARS = 200;
export const MAX_BLOCK_REASON_CHARS = 500;
export const MAX_BULK_DELETE_DAYS = 366;
/** The product catalogue's limits (core's product_catalog.hpp). */
export const MAX_PRODUCT_NAME_CHARS = 80; // kMaxCatalogProductNameChars
export const MAX_PRODUCT_URL_BYTES = 300; // kMaxCatalogProductUrlBytes
