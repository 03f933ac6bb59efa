/**
 * The modules the lazy routes share (the map, the account pages, the admin console, the
 * personal pages, saved routes, the submission form), bundled into one `common` chunk instead
 * of one chunk each (docs/decisions/first-markers.md). Each is
 * small; apart they cost the map's first view seven requests and two stylesheets. None may be
 * part of the entry's static graph: the entry would then load the chunk too
 * (build/chunks.test.ts checks both against a real build).
 */
export const LAZY_COMMON_MODULES = [
  '/src/api/favorites.ts',
  '/src/api/stores.ts',
  '/node_modules/@tanstack/query-core/build/modern/mutationObserver.js',
  '/node_modules/@tanstack/react-query/build/modern/useMutation.js',
  '/src/components/ui/ConfigStatus.tsx',
  '/src/components/ui/FormSubmitButton.tsx',
  '/src/components/ui/SegmentedRadio.tsx',
  '/src/components/ui/SegmentedRadio.module.css',
  '/src/components/ui/Field.tsx',
  '/src/styles/form.module.css',
  '/src/features/trips/lib/constants.ts',
  '/src/features/trips/hooks/use-trip-draft.ts',
  '/src/features/trips/types/trip.ts',
  '/src/features/trips/api/trips.ts',
  '/src/features/trips/lib/default-name.ts',
  '/src/features/trips/lib/distance.ts',
  '/src/features/trips/lib/format.ts',
  '/src/features/trips/lib/google-maps.ts',
  '/src/features/trips/lib/trip-geometry.ts',
  '/src/features/trips/components/TripBar.tsx',
  '/src/features/trips/components/TripBar.module.css',
  // Area watches and the catalogue: the map's このエリアを通知 and report form, the profile.
  '/src/i18n/ja-watches.ts',
  '/src/features/watches/api/watches.ts',
  '/src/features/watches/components/watches.module.css',
  '/src/api/products.ts',
] as const;

/**
 * What the entry loads and the lazy routes share (React Query, zod, the API client and its
 * stores, the messages, the paths): one `shell` chunk beside the entry. Left to itself the
 * bundler cut them into five chunks of their own, each a request before the first marker.
 * Path fragments; a module of LAZY_COMMON_MODULES stays in `common`.
 */
export const SHELL_MODULE_PATTERNS = [
  '/node_modules/zod/',
  '/node_modules/@tanstack/query-core/',
  '/node_modules/@tanstack/react-query/',
  '/node_modules/react/cjs/react-jsx-runtime',
  '/node_modules/react/jsx-runtime',
  '/src/i18n/ja.ts',
  '/src/config/',
  '/src/lib/api.ts',
  '/src/lib/http.ts',
  '/src/lib/session.ts',
  '/src/lib/auth-schemas.ts',
  '/src/lib/access-state.ts',
  '/src/lib/navigation.ts',
  '/src/stores/',
] as const;

export const isLazyCommonModule = (id: string) => LAZY_COMMON_MODULES.some((m) => id.endsWith(m));
export const isShellModule = (id: string) =>
  !isLazyCommonModule(id) && SHELL_MODULE_PATTERNS.some((p) => id.replace(/\\/g, '/').includes(p));
