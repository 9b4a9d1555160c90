#!/usr/bin/env bash
# Makes the two small fonts of the browser build from egui's own default fonts (the
# `epaint_default_fonts` crate from crates.io, the fonts the desktop game draws with):
# Ubuntu Light and Hack cut down to the characters the game writes (Latin, punctuation,
# arrows, mathematical signs, geometric shapes), hinting dropped, and renamed as their
# licences ask of a modified font (UFL 1.0 §2(c); the Bitstream Vera licence of Hack's
# origins); and the two stars of egui's emoji icon font (MIT). About 120 KB instead of egui's 1.4 MB, which the web build pays in download.
#
#   assets/fonts/make_fonts.sh      (pyftsubset: Debian's `fonttools`, installed when missing)
#
# Running it again gives the same files.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$(dirname "$here")")"

command -v pyftsubset >/dev/null 2>&1 || bash "$root/.ci/deps" fonttools

# The epaint_default_fonts crate the lock file names, from cargo's registry.
src="$(cd "$root" && cargo metadata --format-version 1 --filter-platform x86_64-unknown-linux-gnu 2>/dev/null |
    /usr/bin/python3 -c 'import json, sys, os
for p in json.load(sys.stdin)["packages"]:
    if p["name"] == "epaint_default_fonts":
        print(os.path.join(os.path.dirname(p["manifest_path"]), "fonts"))')"
[[ -d "$src" ]] || { echo "make_fonts.sh: epaint_default_fonts not found (cargo fetch first)" >&2; exit 1; }

chars="U+0020-007E,U+00A0-017F,U+0192,U+02C6-02DD,U+2000-206F,U+20AC,U+2122,U+2190-21FF,U+2200-22FF,U+25A0-25FF"
subset() { # <source font> <output> <new family name> [characters]
    pyftsubset "$src/$1" --unicodes="${4:-$chars}" --no-hinting --layout-features='kern,liga' \
        --output-file="$here/$2" 2>/dev/null
    /usr/bin/python3 - "$here/$2" "$3" <<'PY'
import sys
from fontTools.ttLib import TTFont
path, family = sys.argv[1], sys.argv[2]
font = TTFont(path, recalcTimestamp=False)
# A fixed timestamp keeps the output the same from run to run.
font["head"].created = font["head"].modified = 0
names = font["name"]
for record in list(names.names):
    if record.nameID in (1, 16):
        names.setName(family, record.nameID, record.platformID, record.platEncID, record.langID)
    elif record.nameID in (3, 4):
        names.setName(family + " Regular", record.nameID, record.platformID, record.platEncID, record.langID)
    elif record.nameID == 6:
        names.setName(family.replace(" ", "") + "-Regular", record.nameID, record.platformID, record.platEncID, record.langID)
font.save(path, reorderTables=True)
PY
}
subset Ubuntu-Light.ttf ubuntu-light-derivative-chogo.ttf "Ubuntu Light derivative Chogo"
subset Hack-Regular.ttf hack-chogo.ttf "Hack Chogo"
# The lessons' stars (★ ☆), which neither of the two has: from egui's emoji icon font.
subset emoji-icon-font.ttf stars-chogo.ttf "Stars Chogo" "U+2605-2606"
cp "$src/UFL.txt" "$here/UFL.txt"
cp "$src/Hack-Regular.txt" "$here/Hack-LICENSE.txt"
cp "$src/emoji-icon-font-mit-license.txt" "$here/emoji-icon-font-LICENSE.txt"
ls -l "$here"/*.ttf
