#!/usr/bin/env bash
# Loopback load test of `nonet play` (not run in CI): starts the server on 127.0.0.1 with a
# throw-away database, then drives it with wrk for a bounded time per scenario:
#   1. POST /api/games            {"level":"easy"}   (generate, rate and store a new game)
#   2. POST /api/games/{id}/moves centre-mark toggles, one game per connection (each move names
#      the version the answer to the one before reported; one transaction each)
#   3. POST /api/games/{id}/hint  on a fresh easy game
#   4. POST /api/games/{id}/hint  on the first hardest shared puzzles, round robin, with one
#      connection and with CONNECTIONS; then again after BOT_STEPS (20) bot steps into each
# Prints requests per second and p50/p99 latency per scenario; fails if any request errs.
#
# Usage: scripts/load-test.sh [DURATION] [CONNECTIONS] [HARD_PUZZLES]
#   defaults: 10s, 8 connections, 10 puzzles of /work/shared/puzzles/forum-hardest-1905-11plus.txt
# Environment: NONET_BIN (default: target/release/nonet, built if missing),
#              HARDEST (the puzzle file).
# Needs: wrk (Debian: apt-get install -y wrk), curl, python3.
set -euo pipefail

DURATION=${1:-10s}
CONNS=${2:-8}
NHARD=${3:-10}
HARDEST=${HARDEST:-/work/shared/puzzles/forum-hardest-1905-11plus.txt}
cd "$(dirname "$0")/.."
BIN=${NONET_BIN:-target/release/nonet}
if [[ ! -x $BIN ]]; then
    cargo build --release -p nonet
fi
command -v wrk >/dev/null || { echo "load-test: wrk not found (apt-get install -y wrk)" >&2; exit 2; }

TMP=$(mktemp -d)
SERVER=
cleanup() {
    if [[ -n $SERVER ]]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
    rm -rf "$TMP"
}
trap cleanup EXIT

"$BIN" play --no-open --port 0 --db "$TMP/load.db" >"$TMP/server.out" 2>"$TMP/server.err" &
SERVER=$!
URL=
for _ in $(seq 100); do
    URL=$(grep -o 'http://127\.0\.0\.1:[0-9]*/' "$TMP/server.out" 2>/dev/null | head -1 || true)
    [[ -n $URL ]] && break
    sleep 0.1
done
[[ -n $URL ]] || { echo "load-test: the server did not start" >&2; cat "$TMP/server.err" >&2; exit 1; }
URL=${URL%/}
echo "server: $URL (pid $SERVER, $("$BIN" --version 2>/dev/null || echo nonet))"

# new_game PUZZLE_OR_EMPTY -> id
new_game() {
    local body
    if [[ -n ${1:-} ]]; then body="{\"puzzle\":\"$1\"}"; else body='{"level":"easy"}'; fi
    curl -sf -X POST -H 'Content-Type: application/json' -d "$body" "$URL/api/games" |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])'
}

EASY="53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
EMPTIES=$(python3 -c "import sys; print(','.join(str(i) for i,c in enumerate(sys.argv[1]) if c=='.'))" "$EASY")
MOVE_GAMES=$(for _ in $(seq "$CONNS"); do new_game "$EASY"; done | paste -sd, -)
HINT_GAME=$(new_game "$EASY")

cat >"$TMP/new_game.lua" <<'LUA'
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"level":"easy"}'
LUA
cat >"$TMP/move.lua" <<'LUA'
-- Toggles centre marks on the empty cells of one game per thread (one connection each), every
-- move on the version the answer to the one before reported: every move is valid and changes
-- the game.
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("slot", threads)
end
local id, cells, n, version
errors = 0
function init(args)
    local ids = {}
    for g in string.gmatch(args[1], "%d+") do ids[#ids + 1] = g end
    id = ids[slot]
    cells = {}
    for c in string.gmatch(args[2], "%d+") do cells[#cells + 1] = c end
    n = 0
    version = "0"
end
function request()
    n = n + 1
    local cell = cells[(n % #cells) + 1]
    local digit = (math.floor(n / #cells) % 9) + 1
    return wrk.format("POST", "/api/games/" .. id .. "/moves",
        { ["Content-Type"] = "application/json" },
        '{"type":"centre","cell":' .. cell .. ',"digit":' .. digit .. ',"version":' .. version .. '}')
end
function response(status, headers, body)
    if status >= 400 then errors = errors + 1 end
    local v = string.match(body, '"version":(%d+)')
    if v then version = v end
end
LUA
cat >"$TMP/hint.lua" <<'LUA'
-- Asks for hints, round robin over the game ids given as arguments.
local ids, n
function init(args)
    ids = args
    n = 0
end
function request()
    n = n + 1
    return wrk.format("POST", "/api/games/" .. ids[(n % #ids) + 1] .. "/hint",
        { ["Content-Type"] = "application/json" }, "{}")
end
LUA
for s in new_game hint; do
    cat >>"$TMP/$s.lua" <<'LUA'
errors = 0
function response(status, headers, body)
    if status >= 400 then errors = errors + 1 end
end
LUA
done

FAILED=0
# run NAME CONNECTIONS SCRIPT ARGS...: one wrk run, summarised on one line.
run() {
    local name=$1 conns=$2 script=$3
    shift 3
    local threads=${THREADS:-$((conns < 2 ? conns : 2))}
    # The URL's path is the one used when the script does not build its own requests.
    wrk -t"$threads" -c"$conns" -d"$DURATION" --timeout 10s --latency -s "$TMP/$script.lua" \
        "$URL/api/games" -- "$@" \
        >"$TMP/$name.wrk" 2>&1 || true
    python3 - "$name" "$conns" "$TMP/$name.wrk" <<'PY' || FAILED=1
import re, sys
name, conns, path = sys.argv[1], sys.argv[2], sys.argv[3]
out = open(path).read()
def unit(v):
    m = re.match(r"([\d.]+)(us|ms|s)", v)
    return float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]
rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
total = re.search(r"(\d+) requests in", out)
p = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", out, re.M))
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
sock = re.search(r"Socket errors: (.*)", out)
if not (rps and total and p):
    print(f"{name}: wrk failed:\n{out}")
    sys.exit(1)
errs = int(non2xx.group(1)) if non2xx else 0
print(f"{name:<22} c={conns:<3} {int(total.group(1)):>7} requests  {float(rps.group(1)):>9.1f} req/s"
      f"  p50 {unit(p['50']):8.2f} ms  p99 {unit(p['99']):8.2f} ms  errors {errs}"
      + (f"  socket errors: {sock.group(1)}" if sock else ""))
sys.exit(1 if errs or sock else 0)
PY
}

echo "load: $DURATION per scenario"
run new-game "$CONNS" new_game
THREADS=$CONNS run move "$CONNS" move "$MOVE_GAMES" "$EMPTIES"
run hint "$CONNS" hint "$HINT_GAME"

# The hardest shared puzzles: create the games, then wait (bounded) until the server's
# background ratings of them are done, so they do not compete with the hints measured.
HARD_IDS=()
while read -r line; do
    [[ -z $line || $line == \#* ]] && continue
    HARD_IDS+=("$(new_game "${line:0:81}")")
    [[ ${#HARD_IDS[@]} -ge $NHARD ]] && break
done <"$HARDEST"
for _ in $(seq 600); do
    pending=0
    for id in "${HARD_IDS[@]}"; do
        r=$(curl -sf "$URL/api/games/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["rating"] is None)')
        [[ $r == True ]] && pending=$((pending + 1))
    done
    [[ $pending == 0 ]] && break
    sleep 1
done
echo "hardest: ${#HARD_IDS[@]} games from $(basename "$HARDEST") (ratings pending: $pending)"
run hint-hardest-c1 1 hint "${HARD_IDS[@]}"
run hint-hardest "$CONNS" hint "${HARD_IDS[@]}"

# The same puzzles further in: the bot plays BOT_STEPS steps of each (singles first, then the
# hard part), and the hints are asked from there.
BOT_STEPS=${BOT_STEPS:-20}
MID_IDS=()
for id in "${HARD_IDS[@]}"; do
    version=$(curl -sf "$URL/api/games/$id" | python3 -c 'import json,sys; print(json.load(sys.stdin)["version"])')
    for _ in $(seq "$BOT_STEPS"); do
        version=$(curl -sf -X POST -H 'Content-Type: application/json' -d "{\"version\":$version}" \
            "$URL/api/games/$id/bot" | python3 -c 'import json,sys; print(json.load(sys.stdin)["game"]["version"])')
    done
    MID_IDS+=("$id")
done
echo "hardest after $BOT_STEPS bot steps each:"
run hint-hardest-mid-c1 1 hint "${MID_IDS[@]}"

if [[ $FAILED != 0 ]]; then
    echo "load-test: errors (wrk output in the lines above)" >&2
    exit 1
fi
echo "load-test: no errors"
