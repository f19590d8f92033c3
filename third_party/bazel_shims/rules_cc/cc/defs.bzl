"""Re-exports Bazel 4.2.3's native C++ rules under @rules_cc//cc:defs.bzl.

Debian's rules_cc is newer than Bazel 4.2.3 understands, so this shim stands in for it offline.
"""

cc_binary = native.cc_binary
cc_import = native.cc_import
cc_library = native.cc_library
cc_proto_library = native.cc_proto_library
cc_test = native.cc_test
cc_toolchain = native.cc_toolchain
cc_toolchain_suite = native.cc_toolchain_suite
fdo_profile = native.fdo_profile
objc_library = native.objc_library
