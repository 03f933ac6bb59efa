#!/usr/bin/env bash
# Regenerates the app icons in public/icons/ (committed) from the site mark
# (src/components/ui/Logo.tsx) with headless Chromium: 192 and 512 px "any" icons on a
# white rounded square, and a 512 px maskable one (full-bleed red, the mark inside the
# 80 % safe zone). Usage: frontend/scripts/gen-icons.sh
set -euo pipefail
cd "$(dirname "$0")/.."
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mark='<path d="M16 2C9.9 2 5 6.8 5 12.8 5 21 16 30 16 30s11-9 11-17.2C27 6.8 22.1 2 16 2z" fill="PIN"/><rect x="11" y="6.5" width="10" height="13" rx="1.6" fill="CARD"/><rect x="12.6" y="8.2" width="6.8" height="5.2" rx="0.8" fill="#ffcb05"/><rect x="12.6" y="14.6" width="6.8" height="1.3" rx="0.6" fill="#d42a3c" opacity="0.7"/><rect x="12.6" y="16.8" width="4.6" height="1.3" rx="0.6" fill="#d42a3c" opacity="0.5"/>'
page() { # size background radius pin card scale
  local any="${mark//PIN/$4}"
  any="${any//CARD/$5}"
  cat <<HTML
<!doctype html><html><head><style>html,body{margin:0;background:transparent}
div{width:$1px;height:$1px;background:$2;border-radius:$3;display:grid;place-items:center}</style></head>
<body><div><svg viewBox="0 0 32 32" width="$(( $1 * $6 / 100 ))" height="$(( $1 * $6 / 100 ))">$any</svg></div></body></html>
HTML
}
shoot() { # name size html
  printf '%s' "$3" >"$tmp/$1.html"
  "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --default-background-color=00000000 \
    --window-size="$2,$2" --screenshot="public/icons/$1.png" "file://$tmp/$1.html" >/dev/null 2>&1
}
shoot icon-192 192 "$(page 192 '#ffffff' '22%' '#d42a3c' '#ffffff' 84)"
shoot icon-512 512 "$(page 512 '#ffffff' '22%' '#d42a3c' '#ffffff' 84)"
shoot maskable-512 512 "$(page 512 '#d42a3c' '0' '#ffffff' '#d42a3c' 58)"
ls -l public/icons
