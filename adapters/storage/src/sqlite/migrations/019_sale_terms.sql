-- 019: a purchase report's catalogue product and sale terms
-- (docs/decisions/purchase-reports-and-ranking.md). Every column may be NULL: reports made
-- before say nothing of them. The same columns as PostgreSQL's 018, so migrate-data copies them.

-- The catalogue product the report names (its name is copied into product_name); a
-- product's delete leaves the report with its copied name.
ALTER TABLE purchase_reports ADD COLUMN product_id INTEGER REFERENCES products (id) ON DELETE SET NULL;
-- How the store sold (sale_terms.hpp).
ALTER TABLE purchase_reports ADD COLUMN sale_method TEXT
  CHECK (sale_method IN ('first_come', 'ticket', 'store_lottery', 'reservation'));
-- A per-person limit: a count with its unit, or neither. (With no unit the IN is NULL, so the
-- CHECK fails only when a count stands alone.)
ALTER TABLE purchase_reports ADD COLUMN limit_count INTEGER CHECK (limit_count BETWEEN 1 AND 99);
ALTER TABLE purchase_reports ADD COLUMN limit_unit TEXT
  CHECK (limit_unit IN ('pack', 'box', 'item') AND (limit_count IS NULL) = (limit_unit IS NULL));
-- When sales started (Unix seconds).
ALTER TABLE purchase_reports ADD COLUMN sales_started_at INTEGER;

-- A product's delete finds its reports by this.
CREATE INDEX purchase_reports_by_product ON purchase_reports (product_id) WHERE product_id IS NOT NULL;
