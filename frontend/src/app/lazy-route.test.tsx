import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { lazyRoute } from './lazy-route';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

const Page = () => <h1>the page</h1>;

describe('lazyRoute', () => {
  it('shows its fallback, then the component as soon as the chunk is there (no Suspense, no throttle)', async () => {
    const chunk = deferred<{ default: typeof Page }>();
    const load = vi.fn(() => chunk.promise);
    const Route = lazyRoute(load, <p>loading</p>);
    render(
      <Suspense fallback={<p>suspense fallback</p>}>
        <Route />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(screen.queryByText('suspense fallback')).not.toBeInTheDocument();
    await act(async () => chunk.resolve({ default: Page }));
    // React.lazy's reveal would wait for the 300 ms throttle timer here; this is immediate.
    expect(screen.getByRole('heading', { name: 'the page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts loading once, on preload, and renders at once after that', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Page }));
    const Route = lazyRoute(load, <p>loading</p>);
    const preloaded = Route.preload();
    expect(Route.preload()).toBe(preloaded);
    await act(async () => {
      await preloaded;
    });
    render(<Route />);
    expect(screen.getByRole('heading', { name: 'the page' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a chunk that fails to load during render, as React.lazy does', async () => {
    const chunk = deferred<{ default: typeof Page }>();
    const Route = lazyRoute(() => chunk.promise, <p>loading</p>);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <Route />
      </Boundary>,
    );
    await act(async () => chunk.reject(new Error('chunk gone')));
    expect(screen.getByText('failed: chunk gone')).toBeInTheDocument();
    error.mockRestore();
  });
});
