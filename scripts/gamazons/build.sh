#!/bin/sh
# Builds gamazons' computer player as an engine of Boardroom's engine text
# protocol, for measuring Boardroom's Amazons against a program the project
# did not write (docs/strength.md).
#
#   scripts/gamazons/build.sh [DIR]     (DIR defaults to /tmp/gamazons)
#
# It fetches gamazons 0.83's source from Debian's archive (checked against
# its SHA-256), compiles its search and evaluation (src/moves.c and
# src/eval.c, unchanged) against the stand-in gnome.h here, renames their
# clock (time → gz_clock, milliseconds) and links them with engine.c. The
# result is DIR/gamazons-engine:
#
#   go run ./cmd/play match amazons --a difficult --b exec:/tmp/gamazons/gamazons-engine
#
# Needs curl, tar, gcc and binutils' objcopy.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${1:-/tmp/gamazons}
tarball=gamazons_0.83.orig.tar.gz
sum=72eb5270b164f66f48bc68ab0a1ae66cc85aaf3b98035f827b0b291742379b57
mkdir -p "$dir"
cd "$dir"
if ! echo "$sum  $tarball" | sha256sum -c --status 2>/dev/null; then
	curl -fsS -o "$tarball" "http://deb.debian.org/debian/pool/main/g/gamazons/$tarball"
	echo "$sum  $tarball" | sha256sum -c --status
fi
rm -rf gamazons-0.83
tar xzf "$tarball"
src=gamazons-0.83/src
# -fcommon: amazons.h defines its globals in the header, as compilers of 2002 allowed.
cflags="-O2 -w -fcommon -std=gnu89 -I$here -I$src -DPACKAGE_DATA_DIR=\"/nonexistent\""
for f in moves eval; do
	gcc $cflags -c "$src/$f.c" -o "$f.o"
done
objcopy --redefine-sym time=gz_clock moves.o
gcc $cflags -c "$here/engine.c" -o engine.o
gcc -o gamazons-engine engine.o moves.o eval.o
echo "$dir/gamazons-engine"
