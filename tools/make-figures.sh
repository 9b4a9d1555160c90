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
# Two more have no glyph in DejaVu and are drawn here from shapes (ImageMagick's MVG):
# the dabbaba as a war engine (a battering ram under a pitched roof, on two wheels) and
# the alfil as an elephant; white ones filled white with a black rim and black details,
# black ones filled black with light details over a light halo, as the glyph figures.
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

drawn() { # drawn LETTER SILHOUETTE DETAILS: a figure drawn from MVG shapes
  letter=$1; shape=$2; details=$3
  convert -size ${SIZE}x${SIZE} xc:none -fill white -stroke white -strokewidth 1 -draw "$shape" "$tmp/m.png"
  convert "$tmp/m.png" -alpha extract -threshold 50% "$tmp/a.png"
  # White: the body white, a black rim 4 pixels wide inside its edge, details in black.
  convert "$tmp/a.png" -morphology Erode Disk:4 "$tmp/inner.png"
  convert -size ${SIZE}x${SIZE} xc:black \( -size ${SIZE}x${SIZE} xc:white "$tmp/inner.png" -alpha off \
    -compose copy-opacity -composite \) -compose over -composite "$tmp/a.png" -alpha off \
    -compose copy-opacity -composite "$tmp/wbody.png"
  convert "$tmp/wbody.png" -fill none -stroke black -strokewidth 4 -draw "$details" \
    "$tmp/a.png" -alpha off -compose copy-opacity -composite "$OUT/w$letter.png"
  # Black: the body black, details light, over a light halo of the silhouette.
  convert -size ${SIZE}x${SIZE} xc:'rgb(24,22,22)' -fill none -stroke 'rgb(235,230,220)' -strokewidth 4 \
    -draw "$details" "$tmp/a.png" -alpha off -compose copy-opacity -composite "$tmp/bbody.png"
  convert "$tmp/a.png" -morphology Dilate Disk:3 -blur 0x0.6 "$tmp/halo_a.png"
  convert -size ${SIZE}x${SIZE} xc:'rgb(235,230,220)' "$tmp/halo_a.png" -alpha off \
    -compose copy-opacity -composite "$tmp/halo.png"
  convert "$tmp/halo.png" "$tmp/bbody.png" -compose over -composite "$OUT/b$letter.png"
}
figure r '♜' '♖' none
figure b '♝' '♗' none
figure q '♛' '♕' none
figure k '♚' '♔' none
figure n '♞' '♘' none
figure p '♟' '♙' none
figure w '♜' '♖' flip
figure m '♞' '♘' disc
# The dabbaba: a war engine, a battering ram under a pitched roof on two wheels.
drawn d \
  "polygon 20,70 64,16 108,70 roundrectangle 24,62 104,92 4,4 roundrectangle 2,70 36,84 4,4 circle 11,77 11,63 circle 42,100 42,122 circle 86,100 86,122" \
  "line 38,56 64,28 line 90,56 64,28 line 34,70 94,70 circle 42,100 42,110 circle 86,100 86,110 line 42,92 42,108 line 34,100 50,100 line 86,92 86,108 line 78,100 94,100"
# The alfil: an elephant seen from the side, trunk down, on a plinth.
drawn a \
  "ellipse 78,62 36,28 0,360 circle 40,50 22,50 roundrectangle 48,70 62,112 5,5 roundrectangle 66,70 80,112 5,5 roundrectangle 88,70 102,112 5,5 roundrectangle 100,64 112,112 5,5 stroke-width 12 fill none path 'M 26,56 C 14,70 14,92 24,104' stroke-width 1 fill white circle 26,104 26,110 roundrectangle 16,108 116,122 4,4" \
  "ellipse 52,52 11,16 0,360 path 'M 30,66 Q 28,80 40,84' circle 33,44 33,46"
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
