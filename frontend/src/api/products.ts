import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api';

/**
 * The product catalogue (GET /products, docs/API.md): what purchase reports, lottery
 * entries and their filters name. Listed products only, newest release first.
 */
export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.string(),
  release_date: z.string(),
  demo: z._default(z.optional(z.boolean()), false),
});
export type Product = z.infer<typeof productSchema>;

export const productsQuery = () =>
  queryOptions({
    queryKey: ['products'],
    queryFn: ({ signal }) =>
      apiRequest('/products', z.object({ success: z.literal(true), products: z.array(productSchema) }), { signal, anonymous: true }).then((r) => r.products),
    staleTime: 10 * 60_000,
  });
