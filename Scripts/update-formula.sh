#!/bin/sh
# Points the Homebrew formula at a source tarball: rewrites its `url` and `sha256` lines and
# nothing else, and fails unless there was exactly one of each. The release workflow runs it for
# each version tag (the tag's tarball on GitHub), and the CI workflow's Homebrew job for a tarball
# of the commit under test, so the release's path is the one every change exercises.
#
#   sh Scripts/update-formula.sh URL SHA256 [FORMULA]      (FORMULA: Formula/loadwrap.rb)
set -eu
[ $# -ge 2 ] || { echo "usage: $0 URL SHA256 [FORMULA]" >&2; exit 2; }
url=$1
sha256=$2
formula=${3:-$(dirname "$0")/../Formula/loadwrap.rb}
echo "$sha256" | grep -Eqx '[0-9a-f]{64}' || { echo "update-formula: not a SHA-256: $sha256" >&2; exit 1; }
case $url in
*\"* | *\\* | *"|"*) echo "update-formula: a URL with a quote, backslash or |: $url" >&2; exit 1 ;;
esac
for key in url sha256; do
    count=$(grep -c "^  $key \"" "$formula" || true)
    [ "$count" -eq 1 ] || { echo "update-formula: $count lines '  $key \"…\"' in $formula, not 1" >&2; exit 1; }
done
# A file of our own beside the formula, then moved over it: sed -i differs between GNU and BSD.
sed -e "s|^  url \".*\"\$|  url \"$url\"|" -e "s|^  sha256 \".*\"\$|  sha256 \"$sha256\"|" "$formula" > "$formula.new"
mv "$formula.new" "$formula"
echo "update-formula: $formula: url $url, sha256 $sha256"
