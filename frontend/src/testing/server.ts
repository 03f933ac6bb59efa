import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The fake API server (MSW, intercepting fetch in Node); started and reset in setup.ts. */
export const server = setupServer(...handlers);
