#!/bin/sh
# `make check-formula`: what this machine can check of the Homebrew formula without Homebrew.
# `ruby -c` parses Formula/loadwrap.rb, and a copy rewritten by Scripts/update-formula.sh (as the
# release and CI workflows rewrite it) must still parse and differ from it in exactly the url and
# sha256 lines. Installing it, `brew test` and `brew audit --strict` need a Mac: the CI workflow's
# homebrew job runs them.
set -eu
cd "$(dirname "$0")/.."
formula=Formula/loadwrap.rb
ruby -c "$formula" >/dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp "$formula" "$scratch/loadwrap.rb"
url=https://github.com/example/loadwrap/archive/refs/tags/v9.8.7.tar.gz
sha256=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
sh Scripts/update-formula.sh "$url" "$sha256" "$scratch/loadwrap.rb" >/dev/null
ruby -c "$scratch/loadwrap.rb" >/dev/null
changed=$(diff "$formula" "$scratch/loadwrap.rb" | grep '^[<>]' || true)
old=$(grep -E '^  (url|sha256) "' "$formula" | sed 's/^/< /')
[ "$changed" = "$(printf '%s\n> %s\n> %s' "$old" "  url \"$url\"" "  sha256 \"$sha256\"")" ] || {
    echo "check-formula: the rewrite changed:" >&2; echo "$changed" >&2; exit 1; }
echo "check-formula: $formula parses, and parses with its url and sha256 rewritten"
