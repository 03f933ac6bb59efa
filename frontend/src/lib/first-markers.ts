/**
 * "The map has drawn its first markers" (docs/decisions/first-markers.md): the entry holds work the first view does not need (the service worker's
 * install, which downloads every asset of the site) until the markers of a visit that lands
 * on /map are on screen, so it does not compete with them for the network and the CPU.
 */
let markDrawn: () => void = () => {};
const drawn = new Promise<void>((resolve) => {
  markDrawn = resolve;
});

/** Called by the map's marker layer once it shows at least one marker or cluster. */
export function markFirstMarkersDrawn(): void {
  markDrawn();
}

/** Resolves when the first markers are drawn, or after `maxWaitMs` (a map without markers). */
export function firstMarkersDrawn(maxWaitMs: number): Promise<void> {
  return Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, maxWaitMs))]);
}
