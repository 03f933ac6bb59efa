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
  '/src/features/routes/lib/constants.ts',
  '/src/features/routes/hooks/use-route-draft.ts',
  '/src/features/routes/types/route.ts',
  '/src/features/routes/api/routes.ts',
  '/src/features/routes/lib/default-name.ts',
  '/src/features/routes/lib/distance.ts',
  '/src/features/routes/lib/format.ts',
  '/src/features/routes/lib/google-maps.ts',
  '/src/features/routes/lib/route-geometry.ts',
  '/src/features/routes/components/RouteBar.tsx',
  '/src/features/routes/components/RouteBar.module.css',
] as const;
