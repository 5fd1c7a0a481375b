#!/bin/sh
# `make deb`: loadwrap_VERSION_ARCH.deb (ARCH as dpkg names this machine, amd64 on x86_64) in the
# package root, built with dpkg-deb from what `make install` lays out under /usr, moved to Debian's
# places: the binary in usr/bin, the man page gzipped, the completions where Debian's bash-completion,
# zsh and fish packages look (usr/share/bash-completion/completions, usr/share/zsh/vendor-completions,
# usr/share/fish/vendor_completions.d), and the copyright file and changelog Debian Policy 12.5 and
# 12.7 ask for. The release binary is static, so the package depends on nothing.
#
#   BIN=path/to/loadwrap VERSION=1.2.0 sh Scripts/deb.sh [OUTDIR]
#
# BIN is the binary to package (the Makefile gives the release build; Scripts/test-deb.sh the
# debug one), VERSION loadwrap's own version (Scripts/version.sh).
set -eu
cd "$(dirname "$0")/.."
make=${MAKE:-make}
bin=${BIN:?BIN: the binary to package}
version=${VERSION:-$(sh Scripts/version.sh)}
out=${1:-.}
# The repository's owner is not fixed yet; README.md, docs/install.md and Formula/loadwrap.rb name it
# OWNER too, and the release workflow fills in the real one.
owner=${OWNER:-OWNER}
homepage=https://github.com/$owner/loadwrap
maintainer="$owner <$owner@users.noreply.github.com>"

# A Debian version starts with a digit and keeps "-" for a Debian revision (deb-version(5)): a
# release tag (1.2.0) stays as it is; `git describe`'s 1.2.0-3-gabc1234 (and -dirty) becomes
# 1.2.0+3+gabc1234, which sorts after 1.2.0; a checkout with no tag yet (abc1234) becomes
# 0~abc1234, which sorts before any release.
case $version in
[0-9]*.[0-9]*) deb_version=$(echo "$version" | tr - +) ;;
*) deb_version=0~$(echo "$version" | tr - +) ;;
esac
arch=$(dpkg --print-architecture)
name=loadwrap_${deb_version}_$arch.deb

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/root
$make -s install BIN="$bin" DESTDIR="$root" PREFIX=/usr ZSHDIR=/usr/share/zsh/vendor-completions
gzip -9n "$root/usr/share/man/man1/loadwrap.1"
# As dh_strip strips a Debian package's executables (debhelper): the debug information is most of
# the release binary's size, and a package carries none (Debian Policy 10.1).
${STRIP:-strip} --remove-section=.comment --remove-section=.note "$root/usr/bin/loadwrap"

# The changelog's one entry and its date come from the commit built, so the same commit gives the
# same package (SOURCE_DATE_EPOCH when set, as reproducible-builds.org asks; now, without git).
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
date=$(LC_ALL=C date -u -d "@$epoch" '+%a, %d %b %Y %H:%M:%S +0000')
doc=$root/usr/share/doc/loadwrap
install -d -m 0755 "$doc"
cat > "$doc/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: loadwrap
Source: $homepage
Comment: The binary is statically linked: it holds the Swift runtime and standard library
 (Apache-2.0 with the Runtime Library Exception, https://swift.org/LICENSE.txt) and the GNU C
 library (LGPL-2.1+, /usr/share/common-licenses/LGPL-2.1) as built by the Swift toolchain.

Files: *
Copyright: $(date -u -d "@$epoch" +%Y) the loadwrap authors
License: Apache-2.0

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except
 in compliance with the License. You may obtain a copy of the License at
 .
 https://www.apache.org/licenses/LICENSE-2.0
 .
 On Debian systems, the complete text of the Apache License, Version 2.0 can be found in
 /usr/share/common-licenses/Apache-2.0.
EOF
cat > "$stage/changelog" <<EOF
loadwrap ($deb_version) unstable; urgency=medium

  * loadwrap $version: $homepage/releases

 -- $maintainer  $date
EOF
gzip -9n -c "$stage/changelog" > "$doc/changelog.gz"
chmod 0644 "$doc/copyright" "$doc/changelog.gz"

# Lintian's overrides, each with its reason (usr/share/lintian/overrides, lintian(1)).
install -d -m 0755 "$root/usr/share/lintian/overrides"
cat > "$root/usr/share/lintian/overrides/loadwrap" <<EOF
# Static on purpose: the Swift runtime linked in spares the dynamic linker most of loadwrap's
# start-up (the Makefile's RELEASE_FLAGS), and the package depends on nothing.
loadwrap: statically-linked-binary [usr/bin/loadwrap]
# The words are in the statically linked Swift runtime's own strings (libFoundation.a,
# libswift_RegexParser.a, libswiftDispatch.a of the toolchain), not in loadwrap's text.
loadwrap: spelling-error-in-binary * [usr/bin/loadwrap]
EOF
chmod 0644 "$root/usr/share/lintian/overrides/loadwrap"

install -d -m 0755 "$root/DEBIAN"
(cd "$root" && find usr -type f | LC_ALL=C sort | xargs md5sum) > "$root/DEBIAN/md5sums"
cat > "$root/DEBIAN/control" <<EOF
Package: loadwrap
Version: $deb_version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk "$root/usr" | cut -f1)
Section: utils
Priority: optional
Homepage: $homepage
Description: run a command with a spinner that leaves no trace
 loadwrap runs any command and shows a spinner on the terminal while it runs.
 When the command ends the spinner is erased, and loadwrap exits exactly as the
 command did. In a pipeline it never touches the data; in a CI log (no
 terminal) it writes plain lines instead of animation. --quiet shows the
 command's output only if it fails, --tail keeps its last lines in view, and
 --timeout, --retry and --until end or repeat it.
EOF
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 0755 {} +

mkdir -p "$out"
dpkg-deb --root-owner-group -Zxz --build "$root" "$out/$name" >/dev/null
echo "deb: wrote $out/$name"
