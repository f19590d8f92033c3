#!/usr/bin/env bash
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# Fails unless every file given has the bytes of the first. Usage: same_bytes_test.sh FILE...
set -euo pipefail
first="$1"
shift
for file in "$@"; do
  cmp "$first" "$file"
done
echo "$# file(s) have the bytes of $first ($(wc -c < "$first") bytes)"
