#!/usr/bin/env bash
# Builds the browser version of Chogo into web/dist/ (page, JS glue, wasm, assets), ready
# to be served statically (web/serve.sh).
#
#   web/build.sh            the size-optimised build (profile `web`: fat LTO, opt-level z;
#                           on the Debian toolchain also nightly size flags, see below)
#   PROFILE=web-fast web/build.sh   a quicker build for trying changes (no LTO, no wasm-opt)
#   WASM_OPT=none web/build.sh      the size build without wasm-opt (7 minutes less)
#   web/build.sh --check    only type-check the game and the bot worker for wasm32 (CI)
#
# Toolchain: a rustup toolchain with the wasm32-unknown-unknown target when one is
# installed; otherwise Debian's rustc-web (rustc 1.96) building the standard library from
# rust-web-src, linked by lld-22 (installed with apt-get when missing).
# wasm-bindgen-cli is installed at exactly the version in Cargo.lock when missing (also by
# --check), into the web target folder.
set -euo pipefail
# A failing step inside $(…) stops the script too (patched_crate runs in one).
shopt -s inherit_errexit

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
cd "$root"

check=0
if [[ "${1:-}" == "--check" ]]; then
    check=1
elif [[ $# -gt 0 ]]; then
    echo "usage: web/build.sh [--check]  (PROFILE=web|web-fast)" >&2
    exit 2
fi
profile="${PROFILE:-web}"
export CARGO_TARGET_DIR="${CHOGO_WEB_TARGET_DIR:-$HOME/.cache/chogo-web-target}"
target=wasm32-unknown-unknown

# --- wasm-bindgen at the version the lock file names ----------------------------------
# Installed (when missing) into the target folder with the machine's own cargo and a clean
# environment: none of the size build's flags below may reach its build. `--check` installs
# it too, so CI goes the way a first-time user goes.
want="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
bindgen_root="$CARGO_TARGET_DIR/tools"
wasm_bindgen="$bindgen_root/bin/wasm-bindgen"
have="$("$wasm_bindgen" --version 2>/dev/null | awk '{print $2}' || true)"
if [[ "$have" != "$want" ]]; then
    command -v cargo >/dev/null 2>&1 || { echo "web/build.sh: cargo not found: install Rust (https://rustup.rs)" >&2; exit 1; }
    echo "web/build.sh: installing wasm-bindgen-cli $want into $bindgen_root"
    env -u RUSTFLAGS -u RUSTC -u RUSTC_BOOTSTRAP -u CARGO_BUILD_TARGET -u CARGO_TARGET_DIR \
        CARGO_TARGET_DIR="$bindgen_root/build" \
        cargo install --quiet --root "$bindgen_root" wasm-bindgen-cli --version "$want"
    rm -rf "$bindgen_root/build"
fi

# The desktop build links the real `inventory` crate; the browser build a stand-in that
# collects nothing (web/inventory/src/lib.rs says why). Cargo would write the patch into
# Cargo.lock: the lock file is put back as it was when the script ends.
lock_copy="$(mktemp)"
cp Cargo.lock "$lock_copy"
trap 'cp "$lock_copy" Cargo.lock; rm -f "$lock_copy"' EXIT
patches=(--config "patch.crates-io.inventory.path=\"$root/web/inventory\"")

# --- the compiler -------------------------------------------------------------------
cargo_cmd=()
if command -v rustup >/dev/null 2>&1 && rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    cargo_cmd=(cargo)
    build_std=()
    echo "web/build.sh: rustup toolchain with $target"
else
    # Debian's web Rust toolchain (installed by .ci/deps when missing).
    bash "$root/.ci/deps" rustc-web cargo-web rust-web-src lld-22
    # Debian's rustc builds std from source (rust-web-src) for wasm32: nightly flags are
    # allowed by RUSTC_BOOTSTRAP, and rustup's proxies are kept off the PATH.
    export PATH="/usr/bin:/bin:$PATH"
    export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22
    cargo_cmd=(/usr/bin/cargo)
    build_std=(-Zbuild-std=std,panic_abort)
    echo "web/build.sh: Debian rustc-web ($(/usr/bin/rustc --version)) with build-std"
    if [[ $check -eq 0 && "$profile" == web ]]; then
        # The size build, with what only a compiler that allows nightly flags offers: a
        # panic stops the module at once (no message formatting; "unreachable" in the
        # console instead of the message: use PROFILE=web-fast to see one), no source
        # locations, derived Debug printing only type names, and std built for size.
        export RUSTFLAGS="${RUSTFLAGS:-} -Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=shallow"
        build_std+=(-Zbuild-std-features=optimize_for_size)
        echo "web/build.sh: size flags: $RUSTFLAGS ${build_std[*]}"
    fi
fi

# A crate of the lock file, copied from cargo's registry into the web target folder with
# a patch of this project applied and files of its own put in (FILE to DEST, a path in the
# crate): made again only when they change. Prints the copy's folder.
#   patched_crate NAME PATCH [FILE DEST]...     (@VERSION@ in PATCH: the locked version)
patched_crate() {
    local name="$1" patch_file="$2"
    shift 2
    local version dir stamp registry src
    version="$(awk -v n="$name" '$0 == "name = \"" n "\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
    patch_file="${patch_file//@VERSION@/$version}"
    [[ -f "$patch_file" ]] || { echo "web/build.sh: no $patch_file for the locked $name $version" >&2; exit 1; }
    dir="$CARGO_TARGET_DIR/$name-$version-patched"
    local files=("$@") i
    stamp="$( { cat "$patch_file"; for ((i = 0; i < ${#files[@]}; i += 2)); do cat "${files[i]}"; echo "${files[i + 1]}"; done; } | sha256sum | cut -d' ' -f1)"
    if [[ "$(cat "$dir/.chogo-patch" 2>/dev/null)" != "$stamp" ]]; then
        registry="${CARGO_HOME:-$HOME/.cargo}/registry/src"
        src="$(ls -d "$registry"/*/"$name-$version" 2>/dev/null | head -n 1 || true)"
        if [[ -z "$src" ]]; then
            "${cargo_cmd[@]}" fetch --quiet >&2
            src="$(ls -d "$registry"/*/"$name-$version" 2>/dev/null | head -n 1 || true)"
            [[ -n "$src" ]] || { echo "web/build.sh: $name $version's source is not in $registry (cargo fetch put it elsewhere?)" >&2; exit 1; }
        fi
        command -v patch >/dev/null 2>&1 || bash "$root/.ci/deps" patch >&2
        rm -rf "$dir"
        mkdir -p "$(dirname "$dir")"
        cp -r "$src" "$dir"
        patch --quiet -d "$dir" -p1 <"$patch_file"
        for ((i = 0; i < ${#files[@]}; i += 2)); do cp "${files[i]}" "$dir/${files[i + 1]}"; done
        echo "$stamp" >"$dir/.chogo-patch"
        echo "web/build.sh: $name $version patched ($(basename "$patch_file"))" >&2
    fi
    echo "$dir"
}

# The browser build's epaint fills glyphs without vello_cpu (web/epaint/README.md): the
# locked epaint with web/epaint's patch and rasteriser.
epaint_dir="$(patched_crate epaint "$here/epaint/epaint-@VERSION@.patch" "$here/epaint/raster.rs" src/text/raster.rs)"
patches+=(--config "patch.crates-io.epaint.path=\"$epaint_dir\"")
# Its text is shaped by web/harfrust, which places each character's glyph at its advance
# with the font's kerning, in place of the whole of harfrust (src/lib.rs there says why).
patches+=(--config "patch.crates-io.harfrust.path=\"$here/harfrust\"")
# Four crates of Bevy and bevy_egui with the parts the page never runs left out: GLSL
# shader input, the reflection registry's contents, the 3D pipeline, the type names kept
# for error messages (web/bevy/README.md says what and why).
for crate in bevy_shader bevy_reflect bevy_core_pipeline bevy_egui; do
    dir="$(patched_crate "$crate" "$here/bevy/$crate-@VERSION@.patch")"
    patches+=(--config "patch.crates-io.$crate.path=\"$dir\"")
done

if [[ $check -eq 1 ]]; then
    "${cargo_cmd[@]}" check "${patches[@]}" --target "$target" "${build_std[@]}" --bin chogo --lib
    "${cargo_cmd[@]}" check --target "$target" "${build_std[@]}" --manifest-path web/worker/Cargo.toml
    echo "web/build.sh: the game and the bot worker type-check for $target"
    exit 0
fi

# --- build -----------------------------------------------------------------------------
# The build machine's paths are not shipped: log messages and panics name their source
# files, which become crates/…, rust/… and chogo/… (web/test.sh checks the wasm for them).
# rustc applies the last prefix that matches: the home folder first, the narrower ones after.
sysroot="$("${RUSTC:-rustc}" --print sysroot)"
remap=("--remap-path-prefix=$HOME=home" "--remap-path-prefix=$CARGO_TARGET_DIR=target"
       "--remap-path-prefix=$sysroot/lib/rustlib/src/rust=rust")
for dir in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/ "${CARGO_HOME:-$HOME/.cargo}"/git/checkouts/; do
    [[ -d "$dir" ]] && remap+=("--remap-path-prefix=${dir%/}=crates")
done
remap+=("--remap-path-prefix=$root=chogo")
# What the browser test looks for in the wasm: none of these may be left.
printf '%s\n' "${remap[@]}" | sed 's/^--remap-path-prefix=//; s/=[^=]*$//' >"$CARGO_TARGET_DIR/remapped-paths.txt"
export RUSTFLAGS="${RUSTFLAGS:-} ${remap[*]}"
started=$(date +%s)
"${cargo_cmd[@]}" build "${patches[@]}" --target "$target" "${build_std[@]}" --profile "$profile" --bin chogo
"${cargo_cmd[@]}" build --target "$target" "${build_std[@]}" --release --manifest-path web/worker/Cargo.toml
game_wasm="$CARGO_TARGET_DIR/$target/$profile/chogo.wasm"
worker_wasm="$CARGO_TARGET_DIR/$target/release/chogo_worker.wasm"

dist="$here/dist"
rm -rf "$dist"
mkdir -p "$dist"
bindgen=("$wasm_bindgen" --target web --no-typescript --remove-name-section --remove-producers-section --out-dir "$dist")
"${bindgen[@]}" --out-name chogo "$game_wasm"
"${bindgen[@]}" --out-name chogo_worker "$worker_wasm"

# wasm-opt -Oz, for the `web` profile: binaryen 132 from npm (checked in Chromium; it takes
# 10% off the raw size; Debian's binaryen 108 breaks Bevy modules). WASM_OPT=none skips
# it, WASM_OPT=/path/to/wasm-opt runs another one.
wasm_opt="${WASM_OPT:-}"
if [[ -z "$wasm_opt" ]]; then
    if [[ "$profile" == web ]]; then wasm_opt=npm; else wasm_opt=none; fi
fi
if [[ "$wasm_opt" == npm ]]; then
    binaryen="$CARGO_TARGET_DIR/binaryen-132"
    if [[ ! -x "$binaryen/node_modules/.bin/wasm-opt" ]]; then
        command -v npm >/dev/null 2>&1 || bash "$root/.ci/deps" nodejs npm
        echo "web/build.sh: installing binaryen 132 (wasm-opt) from npm into $binaryen"
        mkdir -p "$binaryen"
        npm install --prefix "$binaryen" --no-audit --no-fund --loglevel=error binaryen@132.0.0
    fi
    wasm_opt="$binaryen/node_modules/.bin/wasm-opt"
fi
if [[ "$wasm_opt" != none ]]; then
    echo "web/build.sh: $("$wasm_opt" --version) -Oz (single-threaded: several minutes)"
    for f in "$dist"/chogo_bg.wasm "$dist"/chogo_worker_bg.wasm; do
        "$wasm_opt" -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
            --enable-mutable-globals --enable-reference-types --enable-multivalue -o "$f.opt" "$f"
        mv "$f.opt" "$f"
    done
fi

# The page learns the game's unpacked size (its progress bar when the server compresses).
sed "s/@WASM_BYTES@/$(stat -c %s "$dist/chogo_bg.wasm")/" "$here/index.html" >"$dist/index.html"
cp "$here/worker.js" "$dist/"
mkdir -p "$dist/assets"
cp -r "$root/assets/sounds" "$dist/assets/"
rm -f "$dist/assets/sounds/"*.py
# The lessons and puzzles are fetched when the game starts, not built into its wasm.
cp -r "$root/assets/lessons" "$root/assets/puzzles" "$dist/assets/"
# So are the figures of Go with chess pieces (PNG: no compressed copies).
mkdir -p "$dist/assets/go"
cp -r "$root/assets/go/figures" "$dist/assets/go/"

# Precompressed copies (gzip and brotli) for servers that send them, as web/serve.py
# does; and the sizes for docs/BROWSER.md.
command -v brotli >/dev/null 2>&1 || bash "$root/.ci/deps" brotli
for f in "$dist"/*.wasm "$dist"/*.js "$dist"/assets/sounds/*.wav "$dist"/assets/lessons/*.json \
    "$dist"/assets/puzzles/*.jsonl; do
    gzip -9 -k -f "$f"
    brotli -q 11 -k -f "$f"
done
size() { stat -c %s "$1"; }
mb() { awk -v b="$1" 'BEGIN { printf "%.2f MB", b / 1000000 }'; }
echo "web/build.sh: built web/dist in $(( $(date +%s) - started )) s (profile $profile)"
for f in chogo_bg.wasm chogo_worker_bg.wasm; do
    echo "  $f: $(mb "$(size "$dist/$f")") raw, $(mb "$(size "$dist/$f.gz")") gzip, $(mb "$(size "$dist/$f.br")") brotli"
done
download=0
while IFS= read -r f; do
    if [[ -f "$f.br" ]]; then download=$((download + $(size "$f.br"))); else download=$((download + $(size "$f"))); fi
done < <(find "$dist" -type f ! -name '*.gz' ! -name '*.br')
echo "  a browser downloads $(mb "$download") in all from a server that sends the brotli copies"
