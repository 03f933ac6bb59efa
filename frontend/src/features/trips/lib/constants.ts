/**
 * Trip limits (the server's core/include/pokeca/personal/saved_trip.hpp checks them again) and
 * the rough-time estimate (PRODUCT §6; labelled as an estimate wherever it is shown).
 */
export const TRIP_MIN_STOPS = 2;
export const TRIP_MAX_STOPS = 25;
export const TRIP_NAME_MAX_LENGTH = 50;
export const SAVED_TRIPS_MAX = 50;

/** Roads are longer than the straight line: a typical city detour factor. */
export const TRIP_DETOUR_FACTOR = 1.3;
/** Walking: 80 m a minute, the speed Japanese property listings use for 「徒歩N分」. */
export const WALK_SPEED_KMH = 4.8;
/** Driving in town, with lights and parking: a conservative average. */
export const CAR_SPEED_KMH = 20;

/** Google Maps' directions URL takes at most this many waypoints (plus origin and destination). */
export const GOOGLE_MAPS_MAX_WAYPOINTS = 9;

/** The draft trip survives a reload (sessionStorage). */
export const TRIP_DRAFT_STORAGE_KEY = 'pokeca.routeDraft';
