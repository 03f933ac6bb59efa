// The answers' JSON, as the server writes it (adapters/http/src/api/json_mapping.cpp,
// docs/API.md): the same keys in the same order, coordinates rounded to 1e-6 degree, times
// as ISO 8601 UTC without fractions, an empty text as null where the server says so.
const kCoordinateStepsPerDegree = 1e6;

export const coordinate = (d) => Math.round(d * kCoordinateStepsPerDegree) / kCoordinateStepsPerDegree;
export const iso = (t) => (t === null ? null : new Date(t * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
const textOrNull = (s) => (s === null || s === '' ? null : s);
const latest = (at, kind) => (at === null || kind === null ? null : { kind, at: iso(at) });

export function storeJson(s, prefectureNames) {
  return {
    id: s.id,
    name: s.name,
    store_type: s.store_type,
    prefecture: s.prefecture,
    prefecture_name: prefectureNames[s.prefecture] ?? '',
    city: s.city,
    address: s.address,
    lat: coordinate(s.lat),
    lng: coordinate(s.lng),
    location_precision: s.location_precision,
    sells: { packs: s.sells_packs, boxes: s.sells_boxes, singles: s.sells_singles },
    last_report_at: iso(s.last_report_at),
    last_report_kind: s.last_report_kind,
    latest_by_product: {
      pack: latest(s.last_pack_at, s.last_pack_kind),
      box: latest(s.last_box_at, s.last_box_kind),
      single: latest(s.last_single_at, s.last_single_kind),
    },
  };
}

export function reportJson(r) {
  return {
    id: r.id,
    kind: r.kind,
    product: r.product,
    product_name: textOrNull(r.product_name),
    limit_note: textOrNull(r.limit_note),
    purchased_at: iso(r.purchased_at),
    created_at: iso(r.created_at),
    product_id: r.product_id,
    sale_method: r.sale_method,
    limit_count: r.limit_count,
    limit_unit: r.limit_unit,
    sales_started_at: iso(r.sales_started_at),
  };
}

export const photoJson = (p) => ({
  url: `/photos/${p.photo_hash}.jpg`,
  thumb_url: `/photos/${p.thumb_hash}.jpg`,
  width: p.width,
  height: p.height,
});

export const clusterJson = (c) => ({
  lat: coordinate(c.lat),
  lng: coordinate(c.lng),
  count: c.count,
  bbox: [coordinate(c.bounds.minLng), coordinate(c.bounds.minLat), coordinate(c.bounds.maxLng), coordinate(c.bounds.maxLat)],
});

// Sends `body` as the server does: JSON, UTF-8, never stored by caches.
export function send(res, status, body) {
  res.status(status).type('application/json; charset=utf-8').set('Cache-Control', 'no-store').send(JSON.stringify(body));
}

export const badRequest = (res, message) => send(res, 400, { success: false, error: message, code: 'bad_request' });
