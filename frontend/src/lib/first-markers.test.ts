describe('firstMarkersDrawn', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('resolves when the map marks its first markers, not before', async () => {
    const { firstMarkersDrawn, markFirstMarkersDrawn } = await import('./first-markers');
    const done = vi.fn();
    void firstMarkersDrawn(10_000).then(done);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(done).not.toHaveBeenCalled();
    markFirstMarkersDrawn();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after maxWaitMs (a map that shows no markers)', async () => {
    const { firstMarkersDrawn } = await import('./first-markers');
    const done = vi.fn();
    void firstMarkersDrawn(10_000).then(done);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('resolves at once when the markers were drawn earlier', async () => {
    const { firstMarkersDrawn, markFirstMarkersDrawn } = await import('./first-markers');
    markFirstMarkersDrawn();
    const done = vi.fn();
    void firstMarkersDrawn(10_000).then(done);
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toHaveBeenCalledTimes(1);
  });
});
