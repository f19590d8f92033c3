#!/usr/bin/env bash
# Formats the C++ sources with clang-format 19 and the repository's .clang-format (which needs
# clang-format >= 15 for InsertBraces). The sources are the tracked *.cpp and *.h files outside
# third_party/; generated files (*.inc, *.pb.h, *_generated.h) are never tracked or touched.
#
# Usage: tools/format.sh [--check] [FILE...]
#   (no option)  formats the files in place (all sources, or only FILE...);
#   --check      changes nothing, lists the files that are not formatted and exits 1 if any are.
# Exit status 2: clang-format 19 is missing (tools/setup.sh installs it) or a file is unreadable.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
if [ "${1:-}" = "--check" ]; then
  check=1
  shift
fi

clang_format="${CLANG_FORMAT:-clang-format-19}"
if ! command -v "$clang_format" >/dev/null 2>&1; then
  echo "tools/format.sh: $clang_format not found (run tools/setup.sh)" >&2
  exit 2
fi

files=()
if [ $# -gt 0 ]; then
  # Only C++ sources: clang-format would rewrite a BUILD file or a script as if it were C++.
  for f in "$@"; do
    case "$f" in
      *.cpp | *.h) files+=("$f") ;;
      *) echo "tools/format.sh: skipping $f (not a .cpp or .h file)" >&2 ;;
    esac
  done
else
  while IFS= read -r -d '' f; do
    files+=("$f")
  done < <(git ls-files -z -- '*.cpp' '*.h' ':!:third_party/**' ':!:*.pb.h' \
    ':!:*_generated.h')
fi

if [ $check -eq 0 ]; then
  if [ ${#files[@]} -gt 0 ]; then
    # Twice: braces that InsertBraces adds can change how the next pass wraps a line.
    for pass in 1 2; do
      printf '%s\0' "${files[@]}" | xargs -0 -n 50 "$clang_format" -i --style=file
    done
  fi
  exit 0
fi

unformatted=0
for f in "${files[@]}"; do
  if ! formatted="$("$clang_format" --style=file "$f")"; then
    echo "tools/format.sh: clang-format failed on $f" >&2
    exit 2
  fi
  # $(...) drops trailing newlines on both sides of the comparison alike.
  if [ "$formatted" != "$(cat "$f")" ]; then
    echo "$f"
    unformatted=$((unformatted + 1))
  fi
done
if [ $unformatted -gt 0 ]; then
  echo "tools/format.sh: $unformatted of ${#files[@]} files are not formatted" \
    "(tools/format.sh fixes them)" >&2
  exit 1
fi
exit 0
