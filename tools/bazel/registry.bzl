"""Static registry components: `vpuc_component` and `vpuc_registry` (STYLE.md section 7).

A component is a cc_library that defines exactly one entry point

    extern "C" void vpuc_register_<id>(mlir::vpuc::registry::Registry &registry);

in which it adds its dialects, passes, pipeline specs and translations (core/registry/Registry.h).
A tool links a `vpuc_registry`, which generates `Components.inc` (one `HANDLE_COMPONENT(<id>)` per
component) and a .cpp defining `mlir::vpuc::registry::registerComponents(Registry &)` that calls
`registry.beginComponent("<id>")` and then the entry point, for every component in order. A
component missing its entry point is a link error; nothing relies on static initialisers.

Component ids. An id is snake_case ([a-z][a-z0-9_]*) of the form `<level>_<name>`, derived from
the whole package path ('/' and '-' become '_'), so that packages with the same last element in
different levels (//passes/vpu/tiling, //passes/vpuip/tiling) get different ids:
  * //passes/<level>/<name> -> `<level>_<name>` (//passes/vpu/tiling -> `vpu_tiling`);
  * //dialects/<name>/ir -> `<name>_dialect` (//dialects/const/ir -> `const_dialect`);
  * //dialects/<name>/transforms/<pass> -> `<name>_<pass>` (-> `const_fold_constants`);
  * //conversions/<name> -> `conversion_<name>` (//conversions/ie_to_vpu -> `conversion_ie_to_vpu`);
  * any other package -> its path (//frontend/onnx -> `frontend_onnx`, //pipelines -> `pipelines`).
`component_id_for_package` implements the rule; `vpuc_component` fails when `id` differs from it.
Ids are also the names the registry records (Registry::beginComponent) and `vpuc-opt
--list-components` prints; pass arguments (`--vpuc-...`) are independent of them. Should two
packages still map to one id, components.bzl (a dict keyed by id) and `vpuc_registry` reject it.

Completeness. //tools/bazel:components.bzl lists every component (ALL_COMPONENTS, and
ALL_TEST_COMPONENTS for `testonly` ones). `vpuc_component` fails when its label is not listed there
with its id, `vpuc_registry` accepts only listed labels and rejects duplicate ids, and vpuc-opt
links all of ALL_COMPONENTS.
"""

load("//tools/bazel:build_defs.bzl", "vpuc_cc_library")
load("//tools/bazel:components.bzl", "ALL_COMPONENTS", "ALL_TEST_COMPONENTS")

_ID_FIRST = "abcdefghijklmnopqrstuvwxyz"
_ID_REST = _ID_FIRST + "0123456789_"

def _is_snake_case(id):
    if not id or id[0] not in _ID_FIRST.elems():
        return False
    for c in id.elems():
        if c not in _ID_REST.elems():
            return False
    return True

def component_id_for_package(package):
    """Returns the component id the rule above gives the package `package` ("a/b/c")."""
    parts = [p.replace("-", "_") for p in package.split("/")]
    if parts[0] == "passes" and len(parts) == 3:
        return "%s_%s" % (parts[1], parts[2])
    if parts[0] == "dialects" and len(parts) == 3 and parts[2] == "ir":
        return parts[1] + "_dialect"
    if parts[0] == "dialects" and len(parts) == 4 and parts[2] == "transforms":
        return "%s_%s" % (parts[1], parts[3])
    if parts[0] == "conversions" and len(parts) == 2:
        return "conversion_" + parts[1]
    return "_".join(parts)

def _normalize_label(label, package):
    """Returns `label` as "//pkg:name" (resolving ":name" against `package` and "//pkg")."""
    if label.startswith("@vpuc//"):
        label = label[len("@vpuc"):]
    if label.startswith(":"):
        return "//%s%s" % (package, label)
    if not label.startswith("//"):
        fail("component label '%s' must be absolute ('//pkg:name') or local (':name')" % label)
    if ":" in label:
        return label
    return "%s:%s" % (label, label.split("/")[-1])

def _known_components():
    """Returns {normalized label: (id, testonly)} over both component sets."""
    known = {}
    for id, label in ALL_COMPONENTS.items():
        known[_normalize_label(label, "")] = (id, False)
    for id, label in ALL_TEST_COMPONENTS.items():
        if id in ALL_COMPONENTS:
            fail("component id '%s' is in both ALL_COMPONENTS and ALL_TEST_COMPONENTS" % id)
        known[_normalize_label(label, "")] = (id, True)
    return known

def vpuc_component(name, id, srcs, hdrs = [], deps = [], testonly = False, **kwargs):
    """A registry component: a cc_library defining `vpuc_register_<id>`.

    Args:
      name: the library name.
      id: the component id; must follow the rule of this file and be listed in
        //tools/bazel:components.bzl (ALL_COMPONENTS, or ALL_TEST_COMPONENTS when testonly).
      srcs, hdrs, deps: as for cc_library; //core/registry is added to deps.
      testonly: a test-only component (test passes, test dialects).
    """
    package = native.package_name()
    if not _is_snake_case(id):
        fail("component id '%s' must be snake_case ([a-z][a-z0-9_]*)" % id)
    expected = component_id_for_package(package)
    if id != expected:
        fail(("component id '%s' in //%s does not follow the id rule of " +
              "//tools/bazel:registry.bzl: it must be '%s'") % (id, package, expected))
    label = "//%s:%s" % (package, name)
    set_name = "ALL_TEST_COMPONENTS" if testonly else "ALL_COMPONENTS"
    listed = ALL_TEST_COMPONENTS if testonly else ALL_COMPONENTS
    if id not in listed or _normalize_label(listed[id], "") != label:
        fail(("component '%s' (%s) is not listed in //tools/bazel:components.bzl: " +
              "add `\"%s\": \"%s\",` to %s") % (id, label, id, label, set_name))
    vpuc_cc_library(
        name = name,
        srcs = srcs,
        hdrs = hdrs,
        deps = deps + ["//core/registry"],
        testonly = testonly,
        **kwargs
    )

def _component_ids(components):
    """Maps component labels to their ids; fails on unknown labels and duplicate ids."""
    known = _known_components()
    package = native.package_name()
    ids = []
    for label in components:
        normalized = _normalize_label(label, package)
        if normalized not in known:
            fail(("'%s' is not a registry component: components are declared with " +
                  "vpuc_component and listed in //tools/bazel:components.bzl") % label)
        id = known[normalized][0]
        if id in ids:
            fail("duplicate component id '%s' (from '%s') in the registry" % (id, label))
        ids.append(id)
    return ids

def vpuc_registry(name, components, testonly = False, **kwargs):
    """The generated list of components a tool links, and the call of their entry points.

    Produces `<name>/Components.inc` (HANDLE_COMPONENT(<id>) lines) and `<name>/Components.cpp`
    (defines mlir::vpuc::registry::registerComponents, declared in core/registry/Components.h),
    compiled into the cc_library `name` that depends on every component.

    Args:
      name: the cc_library.
      components: component labels, in registration order (e.g. ALL_COMPONENTS.values()).
      testonly: set when test-only components are included.
    """
    ids = _component_ids(components)
    inc = name + "/Components.inc"
    cpp = name + "/Components.cpp"
    inc_lines = ["// Generated by vpuc_registry(%s). Do not edit." % name]
    inc_lines += ["HANDLE_COMPONENT(%s)" % id for id in ids]
    native.genrule(
        name = name + "_inc",
        outs = [inc],
        cmd = "cat > $@ <<'VPUC_EOF'\n%s\nVPUC_EOF" % "\n".join(inc_lines),
        testonly = testonly,
    )
    include = "%s/%s" % (native.package_name(), inc)
    cpp_text = "\n".join([
        "// Generated by vpuc_registry(%s) in //tools/bazel:registry.bzl. Do not edit." % name,
        "#include \"core/registry/Components.h\"",
        "",
        "#include \"core/registry/Registry.h\"",
        "",
        "#define HANDLE_COMPONENT(id) \\",
        "  extern \"C\" void vpuc_register_##id(::mlir::vpuc::registry::Registry &registry);",
        "#include \"%s\"" % include,
        "#undef HANDLE_COMPONENT",
        "",
        "void mlir::vpuc::registry::registerComponents(Registry &registry) {",
        "#define HANDLE_COMPONENT(id) \\",
        "  registry.beginComponent(#id); \\",
        "  vpuc_register_##id(registry);",
        "#include \"%s\"" % include,
        "#undef HANDLE_COMPONENT",
        "}",
    ])
    native.genrule(
        name = name + "_cpp",
        outs = [cpp],
        cmd = "cat > $@ <<'VPUC_EOF'\n%s\nVPUC_EOF" % cpp_text,
        testonly = testonly,
    )
    vpuc_cc_library(
        name = name,
        srcs = [cpp],
        textual_hdrs = [inc],
        deps = list(components) + ["//core/registry"],
        testonly = testonly,
        **kwargs
    )

def vpuc_component_ids_file(name, components, out, testonly = False, **kwargs):
    """Writes the ids of `components` (labels, in order), one per line, to `out`.

    Used by tests that compare what a tool registered with the list in components.bzl.
    """
    ids = _component_ids(components)
    native.genrule(
        name = name,
        outs = [out],
        cmd = "cat > $@ <<'VPUC_EOF'\n%s\nVPUC_EOF" % "\n".join(ids),
        testonly = testonly,
        **kwargs
    )
