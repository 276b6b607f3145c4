#!/usr/bin/env bash
# Everything a visitor and the admin do, over HTTP alone, with curl.
# Usage: BASE=http://localhost:3000 ADMIN_EMAIL=... ADMIN_PASSWORD=... RESUME_FILE_SET=1 docs/examples/curl-tour.sh
set -euo pipefail
BASE=${BASE:-http://localhost:3000}
jar=$(mktemp)
trap 'rm -f "$jar"' EXIT
j() { curl -sS --fail-with-body -b "$jar" -c "$jar" -H 'content-type: application/json' "$@"; }
field() { sed -E "s/.*\"$1\":\"([^\"]*)\".*/\1/"; }

echo "== sign in"
j -X POST "$BASE/api/admin/login" -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}"; echo

echo "== create a project"
slug=$(j -X POST "$BASE/api/admin/projects" -d '{"title":"Curl Tour Project","summary":"Made by a shell script.","bodyMD":"A body long enough to pass validation.","tags":"Shell, curl"}' | field slug)
echo "$slug"

echo "== reorder: the new project last"
others=$(j "$BASE/api/projects" | grep -o '"slug":"[^"]*"' | sed -E 's/"slug":"([^"]*)"/"\1"/' | grep -v "\"$slug\"" | paste -sd, -)
j -X POST "$BASE/api/admin/projects/reorder" -d "{\"slugs\":[${others:+$others,}\"$slug\"]}"; echo

echo "== send a contact message (as a visitor)"
curl -sS --fail-with-body -H 'content-type: application/json' -X POST "$BASE/api/contact" \
  -d '{"name":"Curl Visitor","email":"visitor@example.com","reason":"general","message":"Hello from a shell script."}'; echo

echo "== read it as admin and archive it"
id=$(j "$BASE/api/admin/messages?search=Curl%20Visitor" | field id)
j -X PATCH "$BASE/api/admin/messages/$id/archive" -d '{"archived":true}' | grep -q '"archived":true'
echo "archived $id"

echo "== generate a resume link and use it once"
url=$(j -X POST "$BASE/api/admin/resume/sign-url" | field url)
token=${url##*/}
curl -sS "$BASE/api/resume/$token"; echo
code=$(curl -sS -o /dev/null -w '%{http_code}' -X POST "$BASE/api/resume/$token")
again=$(curl -sS -o /dev/null -w '%{http_code}' -X POST "$BASE/api/resume/$token")
echo "first download $code, second $again"
[ "$code" = 200 ] && [ "$again" = 410 ]
echo "tour complete"
