#!/usr/bin/env bash
# Runs the fuzz targets (fuzz/fuzz_targets: every reader of outside text, the GTP engine
# and the server's protocol) with libFuzzer through cargo-fuzz, each for RUNS inputs (default 1,000,000),
# on the corpora kept in fuzz/corpus. Installs cargo-fuzz when missing.
#
#   tools/fuzz.sh                 every target, 1,000,000 inputs each
#   RUNS=20000 tools/fuzz.sh      a short pass (CI)
#   tools/fuzz.sh sgf gtp         some targets
#
# Built without a sanitizer (`-s none`: Rust's own checks find what matters here, and the
# stable compiler builds it; RUSTC_BOOTSTRAP lets cargo-fuzz pass its one nightly flag).
# A crash or a hang (over 10 s on one input) fails the run; its input is left in
# fuzz/artifacts. Memory is bounded at 2 GB an input.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here/fuzz"
runs="${RUNS:-1000000}"
export CARGO_TARGET_DIR="${CHOGO_FUZZ_TARGET_DIR:-$HOME/.cache/chogo-fuzz-target}"
export RUSTC_BOOTSTRAP=1
# libFuzzer is C++, built by the libfuzzer-sys crate.
bash "$here/.ci/deps" g++
fuzz_root="$CARGO_TARGET_DIR/tools"
if ! "$fuzz_root/bin/cargo-fuzz" --version >/dev/null 2>&1; then
    echo "tools/fuzz.sh: installing cargo-fuzz into $fuzz_root"
    cargo install --quiet --locked --root "$fuzz_root" cargo-fuzz --version 0.13.2
fi
export PATH="$fuzz_root/bin:$PATH"
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    mapfile -t targets < <(cargo fuzz list)
fi
for target in "${targets[@]}"; do
    mkdir -p "corpus/$target"
    # FUZZ_KEEP=0 (CI) fuzzes a copy of the corpus, so the checkout stays as it was.
    corpus="corpus/$target"
    if [[ "${FUZZ_KEEP:-1}" == 0 ]]; then
        corpus="$(mktemp -d)"
        cp -r "corpus/$target/." "$corpus/"
    fi
    started=$(date +%s)
    # -runs counts inputs; the corpus grows with the new ones found (kept in the repository).
    # Debug assertions on: integer overflow is checked too.
    cargo fuzz run -s none --release --debug-assertions "$target" "$corpus" -- \
        -runs="$runs" -max_len=8192 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        2>"$CARGO_TARGET_DIR/fuzz-$target.log" \
        || { tail -n 40 "$CARGO_TARGET_DIR/fuzz-$target.log"; echo "tools/fuzz.sh: $target failed"; exit 1; }
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$CARGO_TARGET_DIR/fuzz-$target.log" | grep -o '[0-9]*$' || echo "?")
    echo "tools/fuzz.sh: $target: $execs inputs in $(( $(date +%s) - started )) s, corpus $(ls "$corpus" | wc -l) files, no crash, no hang"
    [[ "$corpus" == "corpus/$target" ]] || rm -rf "$corpus"
done
