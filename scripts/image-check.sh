#!/usr/bin/env bash
# The container image's steps without a container daemon (docs/operations/scale-out.md, "What
# was verified without a daemon"). Builds what the Dockerfile builds, from what `docker build`
# would be sent, then starts it the way the image and compose.yaml do and checks it answers.
# It does NOT build or run the image: the base image, apt's postgresql-client, the `node`
# user's rights and Node 22 itself are not checked here.
#
#   scripts/image-check.sh     # needs PostgreSQL on 127.0.0.1:5432 (user postgres) and Redis
#   scripts/image-check.sh --run-only   # start and check again what the last run built
#
# Settings (environment): IMGCHECK_DIR (/tmp/imgcheck), IMGCHECK_PORT (3411),
# IMGCHECK_PG (postgres://postgres@127.0.0.1:5432), IMGCHECK_REDIS (redis://127.0.0.1:6379).
# The build context is the committed tree (HEAD): commit first what you want checked.
set -euo pipefail

root=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=${IMGCHECK_DIR:-/tmp/imgcheck}
port=${IMGCHECK_PORT:-3411}
pg=${IMGCHECK_PG:-postgres://postgres@127.0.0.1:5432}
redis=${IMGCHECK_REDIS:-redis://127.0.0.1:6379}
db=imgcheck_$$
app=$work/app
data=$work/data
server_pid=
s3_pid=

step() { printf '\n== %s\n' "$*"; }
fail() {
  printf 'FAILED: %s\n' "$*" >&2
  exit 1
}
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true; fi
  if [ -n "$s3_pid" ]; then kill "$s3_pid" 2>/dev/null && wait "$s3_pid" 2>/dev/null || true; fi
  psql -q "$pg/postgres" -c "drop database if exists $db with (force)" >/dev/null 2>&1 || true
  return 0
}
trap cleanup EXIT

# The steps below are the Dockerfile's; stop when it no longer says them.
dockerfile=$root/Dockerfile
for line in \
  'COPY package.json package-lock.json ./' \
  'RUN npm ci --no-audit --no-fund --ignore-scripts' \
  'COPY . .' \
  'RUN npx vite build && npm prune --omit=dev --ignore-scripts' \
  'ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data' \
  'COPY --from=build /app /app' \
  'CMD ["node", "--import", "tsx", "server/main.ts"]'; do
  grep -qxF "$line" "$dockerfile" || fail "the Dockerfile no longer says: $line (update this script)"
done

run_only=false
[ "${1:-}" = --run-only ] && run_only=true
if $run_only; then
  [ -f "$app/dist/index.html" ] || fail "nothing built in $app yet: run without --run-only"
  rm -rf "$data" "$work/s3"
else
step "build context: the committed tree, less .dockerignore"
rm -rf "$work"
mkdir -p "$work"
git clone -q "$root" "$work/context"
ignore=$work/context/.dockerignore
[ -f "$ignore" ] || fail "no .dockerignore: node_modules, dist and data would be sent to the build"
for path in node_modules dist .data .git .env; do
  grep -qxF "$path" "$ignore" || fail ".dockerignore does not leave out $path"
done
# .dockerignore's patterns are relative to the context's root, as rsync's are with a leading /.
rsync -a --exclude-from=<(grep -v '^\s*\(#\|$\)' "$ignore" | sed 's|^\([^/*]\)|/\1|') \
  "$work/context/" "$work/sent/"
echo "sent to the build: $(du -sh "$work/sent" | cut -f1), $(find "$work/sent" -type f | wc -l) files"

step "build stage: npm ci (package.json and the lock only), then the rest, vite build, prune"
mkdir -p "$app"
cp "$work/sent/package.json" "$work/sent/package-lock.json" "$app/"
(cd "$app" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
cp -a "$work/sent/." "$app/"
(cd "$app" && npx vite build --logLevel warn && npm prune --omit=dev --ignore-scripts --loglevel=error)
[ -f "$app/dist/index.html" ] || fail "vite build left no dist/index.html"
[ -d "$app/node_modules/vite" ] && fail "npm prune left the dev dependencies"
echo "image's /app: $(du -sh "$app" | cut -f1)"
fi

step "stand-ins for compose.yaml's services: a fresh database, Redis, an S3 server for MinIO"
psql -q "$pg/postgres" -c "create database $db" >/dev/null
redis-cli -u "$redis" ping >/dev/null || fail "Redis does not answer at $redis"
# s3rver comes from this repo's dev dependencies, never from the pruned image.
s3_dir=$work/s3
mkdir -p "$s3_dir"
(cd "$root" && exec node --input-type=module -e "
  import S3rver from 's3rver';
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true,
    directory: '$s3_dir', configureBuckets: [{ name: 'teamloop' }] });
  const { port } = await server.run();
  console.log(port);
  setInterval(() => {}, 1 << 30);
") >"$work/s3.port" &
s3_pid=$!
for _ in $(seq 100); do [ -s "$work/s3.port" ] && break; sleep 0.1; done
s3_port=$(cat "$work/s3.port")
[ -n "$s3_port" ] || fail "the S3 stand-in did not start"

step "runtime: CMD as an unprivileged user, the image's ENV and compose.yaml's api environment"
mkdir -p "$data"
# The image runs as `node` over /app it does not own: nobody here, so a write under /app fails.
chown -R nobody "$data" "$s3_dir" 2>/dev/null || true
run_as=()
if [ "$(id -u)" = 0 ]; then run_as=(setpriv --reuid=nobody --regid=nogroup --clear-groups); fi
(cd "$app" && exec env -i PATH="$PATH" HOME=/tmp \
  NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$data" \
  APP_URL="http://127.0.0.1:$port" \
  DATABASE_URL="$pg/$db" DATABASE_POOL_MAX=10 REDIS_URL="$redis" \
  S3_BUCKET=teamloop S3_ENDPOINT="http://127.0.0.1:$s3_port" S3_FORCE_PATH_STYLE=true \
  S3_ACCESS_KEY_ID=S3RVER S3_SECRET_ACCESS_KEY=S3RVER \
  JWT_SECRET= METRICS_TOKEN= SMTP_URL= TRUST_PROXY=1 \
  "${run_as[@]}" node --import tsx server/main.ts) >"$work/server.log" 2>&1 &
server_pid=$!
started=$(date +%s)
base=http://127.0.0.1:$port
for _ in $(seq 600); do
  curl -fsS -o /dev/null "$base/livez" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || {
    tail -30 "$work/server.log"
    fail "the server exited"
  }
  sleep 0.5
done

echo "answering after $(($(date +%s) - started)) s (the HEALTHCHECK's --start-period must cover it)"

step "HEALTHCHECK, as the Dockerfile runs it"
health=$(sed -n 's/^ *CMD \(node -e .*\)$/\1/p' "$dockerfile")
[ -n "$health" ] || fail "no HEALTHCHECK command found in the Dockerfile"
(cd "$app" && PORT=$port bash -c "$health") || fail "HEALTHCHECK failed: $health"
echo "ok: $health"
for probe in /livez /readyz; do
  code=$(curl -s -o /dev/null -w '%{http_code}' "$base$probe")
  [ "$code" = 200 ] || fail "$probe answered $code"
  echo "ok: $probe 200"
done

step "the client"
page=$(curl -fsS "$base/")
grep -q '<div id="root"' <<<"$page" || fail "/ is not the client's index.html"
asset=$(grep -o 'src="/assets/[^"]*\.js"' <<<"$page" | head -1 | cut -d'"' -f2)
[ -n "$asset" ] || fail "index.html names no script"
code=$(curl -s -o /dev/null -w '%{http_code}' "$base$asset")
[ "$code" = 200 ] || fail "$asset answered $code"
echo "ok: / and $asset"

step "sign up, verify from the mailed link, sign in"
email="imgcheck-$$@example.com"
json='content-type: application/json'
code=$(curl -s -o "$work/signup.json" -w '%{http_code}' -H "$json" \
  -d "{\"email\":\"$email\",\"password\":\"image check password\",\"first_name\":\"Image\",\"last_name\":\"Check\"}" \
  "$base/api/v2/core/join/sign-up")
[ "$code" = 201 ] || fail "sign-up answered $code: $(cat "$work/signup.json")"
echo "ok: sign-up 201"
token=
for _ in $(seq 60); do
  # Without SMTP_URL each mail is an .eml file in DATA_DIR/outbox (quoted-printable).
  token=$(cat "$data"/outbox/*.eml 2>/dev/null | node -e "
    let text = require('node:fs').readFileSync(0, 'utf8').replace(/=\r?\n/g, '');
    text = text.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    console.log(/verify\?token=([\w.-]+)/.exec(text)?.[1] ?? '');
  ") || true
  [ -n "$token" ] && break
  sleep 0.5
done
[ -n "$token" ] || fail "no verification mail in $data/outbox"
code=$(curl -s -o /dev/null -w '%{http_code}' "$base/api/v2/core/join/verify-email/$token")
[ "$code" = 200 ] || fail "verify-email answered $code"
access=$(curl -s -D - -o /dev/null -H "$json" \
  -d "{\"email\":\"$email\",\"password\":\"image check password\"}" \
  "$base/api/v2/core/join/login" | tr -d '\r' | sed -n 's/^access-token: //Ip')
[ -n "$access" ] || fail "login gave no access token"
me=$(curl -fsS -H "authorization: Bearer $access" "$base/api/v2/core/user")
grep -q "$email" <<<"$me" || fail "/core/user does not name $email"
echo "ok: verified, signed in, /core/user names $email"

step "stop: SIGTERM ends the process cleanly"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=
[ "$status" = 0 ] || fail "the server exited $status on SIGTERM"
if grep -q '"level":[56]0' "$work/server.log"; then
  grep '"level":[56]0' "$work/server.log" | head -5
  fail "errors in the server's log: $work/server.log"
fi
echo "ok: exit 0"
printf '\nimage steps checked (the image itself was not built): %s\n' "$work"
