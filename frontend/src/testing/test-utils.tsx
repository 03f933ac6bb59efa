import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { api } from './handlers';
import { server } from './server';

/** Shows the current location so tests can assert navigation. */
export function LocationDisplay() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <LocationDisplay />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    ...init,
  });
}

/** A request as the fake server received it, for assertions on what the app sent. */
export interface SentRequest {
  method: string;
  credentials: RequestCredentials;
  /** Header names as the app writes them ('Authorization', 'Content-Type'). */
  headers: Record<string, string>;
  /** The text of a JSON body, or the parsed parts of a multipart one. */
  body?: string | FormData;
}

type Handler = (url: URL, sent: SentRequest) => Response | Promise<Response>;

const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

async function readSent(request: Request): Promise<SentRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => (headers[headerName(name)] = value));
  let body: string | FormData | undefined;
  if (request.body) {
    body = (headers['Content-Type'] ?? '').startsWith('multipart/form-data') ? await request.formData() : await request.text();
  }
  return { method: request.method, credentials: request.credentials, headers, body };
}

/**
 * Answers API calls through the fake server (MSW, src/testing/server.ts) from handlers
 * keyed by API path ('/api/v1/config') or by method and path ('POST /api/v1/auth/login',
 * which wins); other API paths get the shared handlers (src/testing/handlers.ts), then 404.
 * Returns a mock called with (path and query, SentRequest) for each request these handlers
 * answered, in order (the shared reads such as /config are not counted).
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls = vi.fn<(path: string, sent: SentRequest) => void>();
  server.use(
    http.all(api('/*'), async ({ request }) => {
      const url = new URL(request.url);
      const handler = handlers[`${request.method} ${url.pathname}`] ?? handlers[url.pathname];
      if (!handler) return undefined;
      const sent = await readSent(request);
      calls(url.pathname + url.search, sent);
      try {
        return await handler(url, sent);
      } catch {
        return HttpResponse.error(); // a handler that throws stands for a network failure
      }
    }),
  );
  return calls;
}

/** The JSON body a request was sent with. */
export function sentBody(sent?: SentRequest): unknown {
  return typeof sent?.body === 'string' ? JSON.parse(sent.body) : undefined;
}

/** The Authorization header a request was sent with. */
export function sentAuthorization(sent?: SentRequest): string | undefined {
  return sent?.headers.Authorization;
}
