// RUN: not vpuc-opt %s --vpuc-vpurt-print-statistics="output=%t.missing/stats.txt" -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: cannot open '{{.+}}.missing/stats.txt' for the VPURT statistics: {{.+}}
module {
}
