# shellcheck shell=bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Shared code of the benchmark scripts (tools/bench_*.sh), sourced by them from the repository
# root: their command line, where the models are, the optimised vpuc, timing a command,
# comparing with the reference output, printing markdown table rows and writing the output into
# a markdown file (docs/results.md).
#
# A model directory holds model.onnx, input_0.npy, meta.json and, for the
# comparisons, ONNX Runtime's output_0.npy (/work/shared/models/README.md).

# bench_parse_args "$@": the command line of a benchmark script, `[--markdown FILE] [MODELS_DIR]`
# (paths relative to the repository root). Sets `markdown_file` (empty without --markdown) and
# `models_arg` (empty without MODELS_DIR); exits with 2 on a bad command line.
bench_parse_args() {
  markdown_file=""
  models_arg=""
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --markdown)
        if [[ $# -lt 2 || -z "$2" ]]; then
          echo "$(basename "$0"): --markdown needs a file" >&2
          exit 2
        fi
        markdown_file="$2"
        shift 2
        ;;
      --markdown=*)
        markdown_file="${1#--markdown=}"
        shift
        ;;
      -*)
        echo "$(basename "$0"): unknown option $1 (usage: $0 [--markdown FILE] [MODELS_DIR])" >&2
        exit 2
        ;;
      *)
        if [[ -n "$models_arg" ]]; then
          echo "$(basename "$0"): one MODELS_DIR only (usage: $0 [--markdown FILE] [MODELS_DIR])" >&2
          exit 2
        fi
        models_arg="$1"
        shift
        ;;
    esac
  done
}

# bench_markdown_label COMMAND [VAR...]: the line that says where a table comes from: the command
# (prefixed with the environment variables VAR that are set, as `VAR=value`), the commit of the
# checkout (and whether it had uncommitted changes), the date, the machine, and how vpuc was
# built (or that VPUC_BIN replaced the build).
bench_markdown_label() {
  local command="$1" var prefix="" commit dirty=""
  shift
  for var in "$@"; do
    if [[ -n "${!var:-}" ]]; then
      prefix+="$var=\"${!var}\" "
    fi
  done
  commit="$(git rev-parse --short=7 HEAD 2>/dev/null || echo unknown)"
  if [[ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]]; then
    dirty=" with uncommitted changes"
  fi
  local label
  label="\`$prefix$command\` at commit $commit$dirty, $(date -u +%Y-%m-%d), $(uname -m) with"
  label+=" $(nproc) cores"
  if [[ -n "${VPUC_BIN:-}" ]]; then
    label+=", vpuc from VPUC_BIN (not built from that commit by the script)"
  else
    label+=", vpuc built with --config=opt"
  fi
  echo "$label."
}

# bench_markdown_write FILE REGION LABEL OUTPUT: replaces what lies between the lines
# `<!-- REGION:begin -->` and `<!-- REGION:end -->` of FILE with LABEL and the markdown in the
# file OUTPUT (its headings one level deeper, so that they nest under FILE's own). Exits with 2
# when FILE does not have exactly one such pair.
bench_markdown_write() {
  /usr/bin/python3 - "$@" <<'PY'
import sys

path, region, label, output = sys.argv[1:]
begin, end = "<!-- %s:begin -->" % region, "<!-- %s:end -->" % region
with open(path) as f:
    text = f.read()
if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
    sys.stderr.write("%s: expected one '%s' line before one '%s' line\n" % (path, begin, end))
    sys.exit(2)
with open(output) as f:
    body = f.read().strip("\n")
lines = ["#" + line if line.startswith("#") else line for line in body.split("\n")]
head, rest = text.split(begin, 1)
_, tail = rest.split(end, 1)
updated = head + begin + "\n\n" + label + "\n\n" + "\n".join(lines) + "\n\n" + end + tail
with open(path, "w") as f:
    f.write(updated)
sys.stderr.write("%s: region %s updated\n" % (path, region))
PY
}

# bench_markdown_or_continue [VAR...]: for a benchmark script, after bench_parse_args. Without
# --markdown, returns and the script runs as usual. With --markdown FILE, runs the script again
# without the option (its output shown as it comes), then, when that run succeeded, writes the
# output into FILE's region named after the script (`<!-- bench_modes:begin -->` ...
# `<!-- bench_modes:end -->` for tools/bench_modes.sh) under a line naming the command (with
# the environment variables VAR that are set), the commit and the machine; then exits with the
# run's status. FILE must already hold the region's two marker lines.
bench_markdown_or_continue() {
  if [[ -z "$markdown_file" ]]; then
    return 0
  fi
  local script region command label output status=0
  script="tools/$(basename "$0")"
  region="$(basename "$0" .sh)"
  if [[ ! -f "$markdown_file" ]] || ! grep -qxF "<!-- $region:begin -->" "$markdown_file" ||
      ! grep -qxF "<!-- $region:end -->" "$markdown_file"; then
    echo "$(basename "$0"): $markdown_file has no '<!-- $region:begin -->' and" \
      "'<!-- $region:end -->' lines to write between" >&2
    exit 2
  fi
  command="$script${models_arg:+ $models_arg}"
  # Taken before the run: the checkout may change while the benchmark runs.
  label="$(bench_markdown_label "$command" "$@")"
  output="$(mktemp)"
  if bash "$script" ${models_arg:+"$models_arg"} | tee "$output"; then
    status=0
  else
    status=$?
  fi
  if [[ "$status" == 0 ]]; then
    bench_markdown_write "$markdown_file" "$region" "$label" "$output" || status=$?
  else
    echo "$(basename "$0"): the run failed (status $status); $markdown_file left unchanged" >&2
  fi
  rm -f "$output"
  exit "$status"
}

# The models directory: the first argument, else ../shared/models when it exists, else
# tests/models. Sets `models_dir`; exits when it is not a directory.
bench_models_dir() {
  models_dir="${1:-}"
  if [[ -z "$models_dir" ]]; then
    if [[ -d ../shared/models ]]; then
      models_dir=../shared/models
    else
      models_dir=tests/models
    fi
  fi
  if [[ ! -d "$models_dir" ]]; then
    echo "$(basename "$0"): $models_dir is not a directory" >&2
    exit 2
  fi
}

# Builds //tools/vpuc optimised (--config=opt) and sets `vpuc` to it. With VPUC_BIN set, uses
# that binary instead and builds nothing.
bench_build_vpuc() {
  if [[ -n "${VPUC_BIN:-}" ]]; then
    vpuc="$VPUC_BIN"
    return
  fi
  local log
  if ! log=$(bash tools/bazel.sh build --config=opt //tools/vpuc 2>&1); then
    echo "$log" >&2
    exit 1
  fi
  vpuc="$(bazel info --config=opt bazel-bin 2>/dev/null)/tools/vpuc/vpuc"
}

# Creates the scratch directory `work`, removed on exit.
bench_make_work_dir() {
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
}

# Prints the model directories under `models_dir` that hold model.onnx and input_0.npy, one a
# line; exits when there is none.
bench_model_dirs() {
  local dir found=0
  for dir in "$models_dir"/*/; do
    dir="${dir%/}"
    if [[ -f "$dir/model.onnx" && -f "$dir/input_0.npy" ]]; then
      echo "$dir"
      found=1
    fi
  done
  if [[ "$found" == 0 ]]; then
    echo "$(basename "$0"): no <name>/model.onnx with input_0.npy under $models_dir" >&2
    exit 2
  fi
}

# bench_time TIMES_FILE ERR_FILE COMMAND...: runs COMMAND with its standard error in ERR_FILE
# and writes "wall_ms cpu_ms" (user + system) to TIMES_FILE; returns COMMAND's status.
bench_time() {
  local times="$1" err="$2"
  shift 2
  local status=0 TIMEFORMAT='%3R %3U %3S'
  { time "$@" 2>"$err" </dev/null; } 2>"$times.raw" || status=$?
  awk '{ printf "%.1f %.1f\n", $1 * 1000, ($2 + $3) * 1000 }' "$times.raw" >"$times"
  return "$status"
}

# The first error message in FILE (else its first line), cut to 160 characters; `-` when FILE
# is empty.
bench_first_error() {
  local line
  line=$(grep -m1 -o 'error: .*' "$1" || grep -m1 . "$1" || true)
  line="${line:0:160}"
  echo "${line:--}"
}

# bench_compare OUTPUT REFERENCE [TOLERANCE [MAX_ABS_REL_RANGE]]: compares with `vpuc compare`
# (default bars: cosine 0.99999, max abs error 1e-3 of the reference's range) and prints
# "cosine max_abs_err ref_abs_max result"; the fields are `-` when the comparison could not be
# made, the result then being the error.
bench_compare() {
  local report
  report=$("$vpuc" compare "$1" "$2" --tolerance="${3:-0.99999}" \
    --max-abs-rel-range="${4:-1e-3}" 2>&1) || true
  # The first table row: the field after the shape is the cosine, the third after it the max
  # abs error, the fourth the reference's abs max; the result text follows. The notes, the
  # table header and the closing verdict are skipped; without a row, the error (or last line).
  awk '
    /^note: / || /^tensor / || /^first below tolerance: / || /^all within tolerance$/ { next }
    /error: / { last = $0; next }
    {
      last = $0
      for (i = 2; i <= NF; ++i) {
        if ($i ~ /^([0-9]+(x[0-9]+)*|scalar)$/) {
          result = ""
          for (j = i + 5; j <= NF; ++j) { result = result (result == "" ? "" : " ") $j }
          print $(i + 1), $(i + 3), $(i + 4), result
          found = 1
          exit
        }
      }
    }
    END { if (!found) { print "-", "-", "-", last } }' <<<"$report"
}

# bench_row FIELD...: one markdown table row.
bench_row() {
  local row="|" field
  for field in "$@"; do
    row+=" ${field//|/\\|} |"
  done
  echo "$row"
}

# bench_header NAME...: the header of a markdown table; a name ending in `:` is right-aligned
# (numbers), the colon is not printed.
bench_header() {
  local names=() rule=() name
  for name in "$@"; do
    if [[ "$name" == *: ]]; then
      names+=("${name%:}")
      rule+=("---:")
    else
      names+=("$name")
      rule+=("---")
    fi
  done
  bench_row "${names[@]}"
  echo "|$(printf ' %s |' "${rule[@]}")"
}

# bench_mode_args MODE: the `vpuc compile` arguments of a compilation mode. A path to a pipeline
# spec file (ending in .textproto) is `--pipeline MODE`, labelled with its base name; anything
# else is `--mode MODE`. Sets `mode_args` (an array) and `mode_label`.
# shellcheck disable=SC2034 # the variables are the caller's
bench_mode_args() {
  if [[ "$1" == *.textproto ]]; then
    mode_args=(--pipeline "$1")
    mode_label="$(basename "$1" .textproto)"
  else
    mode_args=(--mode "$1")
    mode_label="$1"
  fi
}

# bench_run BASE INPUTS: runs BASE.blob on the emulator (`vpuc run`, hazard detection on) with
# INPUTS, writing BASE.out.npz and BASE.run.{out,err,times}. Sets `run_ms`, `run_cpu_ms`,
# `latency_us` (the estimate; `-` when the run printed none), `roofline` (the roofline ratio;
# `-` when not printed) and `run_note` (the first problem the emulator reported, empty when
# none). Returns 0 when the outputs were written (also when problems were found), else 1.
# shellcheck disable=SC2034 # the variables are the caller's
bench_run() {
  local base="$1" inputs="$2" status=0
  bench_time "$base.run.times" "$base.run.err" "$vpuc" run "$base.blob" --inputs "$inputs" \
    -o "$base.out.npz" >"$base.run.out" || status=$?
  read -r run_ms run_cpu_ms <"$base.run.times"
  # "ran N tasks in T us (C cycles at F MHz)" and "roofline: R (lower bound ...)".
  latency_us=$(awk '$1 == "ran" && $4 == "in" { print $5; exit }' "$base.run.out")
  latency_us="${latency_us:--}"
  roofline=$(awk '$1 == "roofline:" { print $2; exit }' "$base.run.out")
  roofline="${roofline:--}"
  run_note=""
  if [[ "$status" != 0 ]]; then
    # Exit status 1: problems found, outputs written when every task ran; 2: no run.
    run_note="$(bench_first_error "$base.run.err")"
    if [[ "$status" != 1 || ! -f "$base.out.npz" ]]; then
      run_note="${run_note:-vpuc run failed}"
      return 1
    fi
  fi
  return 0
}
