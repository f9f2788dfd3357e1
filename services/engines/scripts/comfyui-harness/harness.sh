#!/usr/bin/env bash
# The ComfyUI conformance harness (services/engines/src/comfyui/README.md, "Conformance harness"): builds the
# real ComfyUI from its public source on CPU, starts it with empty model files of the names the workflows load,
# records what it answers as the tests' fixtures, and runs the product against it.
#
#   harness.sh setup    the source (COMFYUI_SRC, a checkout, or a clone of COMFYUI_REF), a venv, the requirements
#   harness.sh start    ComfyUI on 127.0.0.1:$COMFYUI_PORT in the background (stubs only for modules missing)
#   harness.sh record   fixtures into services/engines/test/fixtures/comfyui
#   harness.sh run      the product's API, queue, worker and storage against it (figures in .bench/comfyui-harness.json)
#   harness.sh inpaint  AI Replace's inpainting graph: the selected area changes, every other pixel is the upload's
#   harness.sh product  the whole product (npm start) on port $PORT_PRODUCT with every ComfyUI algorithm on the
#                       stand-ins, to try the ComfyUI path in a browser (the badge reads '... stand-in (no weights)')
#   harness.sh stop
#   harness.sh all      setup, start, record, run, stop
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
DIR=${HARNESS_DIR:-$ROOT/.cache/comfyui-harness}
COMFYUI_REF=${COMFYUI_REF:-v0.8.0}
PORT=${COMFYUI_PORT:-8188}
URL="http://127.0.0.1:$PORT"
PY="$DIR/venv/bin/python"

setup() {
  mkdir -p "$DIR"
  if [ ! -f "$DIR/ComfyUI/main.py" ]; then
    if [ -n "${COMFYUI_SRC:-}" ]; then
      mkdir -p "$DIR/ComfyUI" && (cd "$COMFYUI_SRC" && tar --exclude=.git -cf - .) | (cd "$DIR/ComfyUI" && tar -xf -)
    else
      git clone --depth 1 --branch "$COMFYUI_REF" https://github.com/comfyanonymous/ComfyUI "$DIR/ComfyUI"
    fi
  fi
  [ -x "$PY" ] || "${PYTHON:-python3}" -m venv "$DIR/venv"
  "$PY" "$HERE/install.py" "$DIR/ComfyUI" "$DIR/install-report.json"
  # the empty model files the workflows name (a graph is valid against them; the stand-ins never load them)
  node -e '
    const m = require(process.argv[1]);
    for (const e of Object.values(m)) for (const f of e.files ?? []) console.log(f.path);
  ' "$ROOT/services/engines/src/comfyui/workflows/manifest.json" | sort -u | while read -r file; do
    mkdir -p "$DIR/ComfyUI/models/$(dirname "$file")" && : >"$DIR/ComfyUI/models/$file"
  done
  mkdir -p "$DIR/frontend" && echo '<!doctype html><title>ComfyUI (API only)</title>' >"$DIR/frontend/index.html"
}

start() {
  # an import stub only for a module ComfyUI needs at start that could not be installed
  rm -rf "$DIR/stubs" && mkdir -p "$DIR/stubs"
  for module in torchsde torchaudio; do
    if ! "$PY" -c "import $module" 2>/dev/null; then
      cp -r "$HERE/stubs/$module" "$DIR/stubs/$module"
      echo "harness: $module cannot be installed here; an import stub stands in for it (stubs/$module)"
    fi
  done
  (cd "$DIR/ComfyUI" && PYTHONPATH="$DIR/stubs" nohup "$PY" main.py --cpu --listen 127.0.0.1 --port "$PORT" \
    --disable-auto-launch --front-end-root "$DIR/frontend" >"$DIR/comfyui.log" 2>&1 & echo $! >"$DIR/comfyui.pid")
  for _ in $(seq 1 180); do
    if curl -fsS "$URL/system_stats" >/dev/null 2>&1; then
      echo "harness: ComfyUI $(curl -fsS "$URL/system_stats" | node -pe 'JSON.parse(require("fs").readFileSync(0)).system.comfyui_version') at $URL"
      return 0
    fi
    sleep 1
  done
  echo "harness: ComfyUI did not start; see $DIR/comfyui.log" >&2
  tail -20 "$DIR/comfyui.log" >&2
  return 1
}

stop() {
  [ -f "$DIR/comfyui.pid" ] && kill "$(cat "$DIR/comfyui.pid")" 2>/dev/null || true
  # the server is the one serving this harness's front-end folder
  pkill -f -- "--front-end-root $DIR/frontend" 2>/dev/null || true
  rm -f "$DIR/comfyui.pid"
}

record() {
  cd "$ROOT" && COMFYUI_DIR="$DIR/ComfyUI" npx tsx services/engines/scripts/comfyui-harness/record.ts "$URL"
}

product() {
  cd "$ROOT" && npx tsx services/engines/scripts/comfyui-harness/write-standins.ts "$DIR/standins"
  ENGINE_DEFAULT=comfyui COMFYUI_URL="$URL" COMFYUI_WORKFLOWS="$DIR/standins" PGLITE_DATA_DIR="$DIR/product-data" \
    PORT="${PORT_PRODUCT:-8080}" npm start
}

run() {
  cd "$ROOT" && npx tsx services/api/scripts/comfyui-harness/main.ts "$URL"
}

inpaint() {
  cd "$ROOT" && npx tsx services/engines/scripts/comfyui-harness/check-inpaint.ts "$URL"
}

case "${1:-all}" in
  setup) setup ;;
  start) start ;;
  stop) stop ;;
  record) record ;;
  run) run ;;
  inpaint) inpaint ;;
  product) product ;;
  all)
    setup
    start
    trap stop EXIT
    record
    run
    inpaint
    ;;
  *)
    echo "usage: harness.sh setup|start|record|run|inpaint|product|stop|all" >&2
    exit 2
    ;;
esac
