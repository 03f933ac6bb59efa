-- 018: a purchase report's catalogue product and sale terms
-- (docs/decisions/purchase-reports-and-ranking.md). Every column may be NULL: reports made
-- before say nothing of them. The same columns as SQLite's 019, so migrate-data copies them.
ALTER TABLE purchase_reports
  -- The catalogue product the report names (its name is copied into product_name); a
  -- product's delete leaves the report with its copied name.
  ADD COLUMN product_id bigint REFERENCES products (id) ON DELETE SET NULL,
  -- How the store sold (sale_terms.hpp).
  ADD COLUMN sale_method text CHECK (sale_method IN ('first_come', 'ticket', 'store_lottery', 'reservation')),
  -- A per-person limit: a count with its unit, or neither. (With no unit the IN is NULL, so the
  -- CHECK fails only when a count stands alone.)
  ADD COLUMN limit_count integer CHECK (limit_count BETWEEN 1 AND 99),
  ADD COLUMN limit_unit text CHECK (limit_unit IN ('pack', 'box', 'item') AND (limit_count IS NULL) = (limit_unit IS NULL)),
  -- When sales started (Unix seconds).
  ADD COLUMN sales_started_at bigint;

-- A product's delete finds its reports by this.
CREATE INDEX purchase_reports_by_product ON purchase_reports (product_id) WHERE product_id IS NOT NULL;
