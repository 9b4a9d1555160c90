#!/bin/sh
# Renders the chess figures of Go with chess pieces (assets/go/figures/*.png) from the
# chess glyphs of DejaVu Sans (Debian package fonts-dejavu-core; free licence, see
# assets/README.md) with ImageMagick. Run it again only to change the figures; the PNGs
# are committed. Usage: tools/make-figures.sh [OUT_DIR]
#
# A white figure is the solid glyph in white under the outline glyph in black; a black
# figure is the solid glyph in black over a light halo of its own silhouette, so both
# read on a dark or a light cell. ws.png and bs.png are Go stones (rooks as stones). Two kinds have no chess glyph: the wazir (one step like
# a rook) is the rook turned upside down, as fairy-chess diagrams mark new pieces, and
# the mao (the Chinese knight) is the knight facing the other way on a xiangqi disc.
set -eu
OUT=${1:-assets/go/figures}
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
SIZE=128
mkdir -p "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

glyph() { # glyph CHAR COLOUR FILE: the glyph centred on a SIZE square
  convert -size ${SIZE}x${SIZE} xc:none -font "$FONT" -pointsize 112 -fill "$2" \
    -gravity center -annotate +0+4 "$1" "$3"
}

figure() { # figure LETTER SOLID OUTLINE TRANSFORM
  letter=$1; solid=$2; outline=$3; shape=$4
  glyph "$solid" white "$tmp/ws.png"
  glyph "$outline" black "$tmp/wo.png"
  glyph "$solid" black "$tmp/bs.png"
  # The white figure's body: everything inside the outline glyph (the outside is flooded
  # from a corner, the rest is the body).
  convert "$tmp/wo.png" -alpha extract -threshold 30% -fill gray50 -draw 'color 0,0 floodfill' \
    -fill white -opaque black -fill black -opaque gray50 "$tmp/mask.png"
  convert -size ${SIZE}x${SIZE} xc:white "$tmp/mask.png" -alpha off -compose copy-opacity \
    -composite "$tmp/ws.png"
  convert "$tmp/ws.png" "$tmp/wo.png" -compose over -composite "$tmp/w.png"
  # The black figure's halo: its silhouette grown by two pixels, light and soft.
  convert "$tmp/bs.png" -alpha extract -morphology Close Disk:2 -morphology Dilate Disk:2 \
    -background 'rgb(235,230,220)' -alpha shape -blur 0x0.6 "$tmp/halo.png"
  convert "$tmp/halo.png" "$tmp/bs.png" -compose over -composite "$tmp/b.png"
  for side in w b; do
    case $shape in
      none) cp "$tmp/$side.png" "$OUT/$side$letter.png" ;;
      flip) convert "$tmp/$side.png" -flip "$OUT/$side$letter.png" ;;
      disc)
        if [ $side = w ]; then fill='rgb(250,248,242)'; ring=black; else fill='rgb(30,28,28)'; ring='rgb(235,230,220)'; fi
        convert -size ${SIZE}x${SIZE} xc:none -fill "$fill" -stroke "$ring" -strokewidth 5 \
          -draw "circle 64,64 64,6" "$tmp/disc.png"
        convert "$tmp/$side.png" -flop -resize 78% -gravity center -background none \
          -extent ${SIZE}x${SIZE} "$tmp/small.png"
        convert "$tmp/disc.png" "$tmp/small.png" -compose over -composite "$OUT/$side$letter.png" ;;
    esac
  done
}

figure r '♜' '♖' none
figure b '♝' '♗' none
figure q '♛' '♕' none
figure k '♚' '♔' none
figure n '♞' '♘' none
figure p '♟' '♙' none
figure w '♜' '♖' flip
figure m '♞' '♘' disc
# Rooks may be shown as Go stones (an option): shaded discs with a soft edge.
convert -size ${SIZE}x${SIZE} xc:none \( -size 116x116 radial-gradient:'rgb(90,90,92)'-'rgb(12,12,14)' \
  -roll -14-14 \) -gravity center -compose over -composite \( -size ${SIZE}x${SIZE} xc:black -fill white \
  -draw "circle 64,64 64,7" -blur 0x0.7 \) -alpha off -compose copy-opacity -composite "$OUT/bs.png"
convert -size ${SIZE}x${SIZE} xc:none \( -size 116x116 radial-gradient:'rgb(255,255,252)'-'rgb(200,198,190)' \
  -roll -14-14 \) -gravity center -compose over -composite \( -size ${SIZE}x${SIZE} xc:black -fill white \
  -draw "circle 64,64 64,7" -blur 0x0.7 \) -alpha off -compose copy-opacity -composite "$OUT/ws.png"
# Optimise quietly when optipng is there (the figures are small either way).
command -v optipng >/dev/null && optipng -quiet "$OUT"/*.png || true
ls "$OUT"
