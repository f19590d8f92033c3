//===- VpucTblgen.cpp - vpuc's TableGen generators ------------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Generates, from the one declaration of the SHAVE software-kernel library
// (kernels/abi/SwKernels.td, classes in SwKernelBase.td), every file that
// restates a kernel's contract:
//
//   -gen-sw-kernel-abi       kernels/abi: enums, packed Args structs,
//                            signatures, scalar ranges, VPUC_SW_KERNELS
//   -gen-upa-params-fbs      backend/schema: the UPA parameter tables and
//                            the UpaParams union of the blob schema
//   -gen-upa-params-cpp      backend/schema: writing each table with flatc's
//                            builders from packed scalars, and packing a
//                            table's fields back into the argument buffer
//   -gen-sw-kernel-mapping   the VPU -> library kernel mapping rows that
//                            need no code (tensors in order, scalars by name)
//
// and, from the VPU dialect (dialects/vpu/ir/VPUOps.td):
//
//   -gen-ie-to-vpu-mirrors   the IE -> VPU.SW pattern list: one
//                            Mirror<IE op, VPU.SW op> per software layer
//
// It also checks the declarations: unique names, tensors before scalars,
// kernels sharing a packed struct or a UPA table agreeing on their fields,
// enum values 0..N-1. A bad declaration is a build error naming the record.
//
//===----------------------------------------------------------------------===//

#include <map>
#include <set>
#include <string>
#include <vector>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;

namespace {

enum class Action {
  SwKernelAbi,
  UpaParamsFbs,
  UpaParamsCpp,
  SwKernelMapping,
  IEToVPUMirrors,
};

cl::opt<Action> action(
    cl::desc("What to generate:"),
    cl::values(
        clEnumValN(Action::SwKernelAbi, "gen-sw-kernel-abi",
                   "the kernel ABI structs (kernels/abi/SwKernels.h)"),
        clEnumValN(Action::UpaParamsFbs, "gen-upa-params-fbs",
                   "the UPA parameter tables of the blob schema"),
        clEnumValN(Action::UpaParamsCpp, "gen-upa-params-cpp",
                   "the UPA parameter table writers and readers"),
        clEnumValN(Action::SwKernelMapping, "gen-sw-kernel-mapping",
                   "the by-name rows of the VPU kernel mapping"),
        clEnumValN(Action::IEToVPUMirrors, "gen-ie-to-vpu-mirrors",
                   "the IE -> VPU.SW mirror patterns (from VPUOps.td)")));

//===----------------------------------------------------------------------===//
// The model
//===----------------------------------------------------------------------===//

enum class ArgClass { In, Out, I32, F32, I32PerDim, F32PerDim };

struct Arg {
  const Record *def;
  std::string name;
  std::string doc;
  ArgClass cls;
  bool optional = false;
  bool flag = false;
  bool isAxis = false;
  int64_t min = 0, max = 0, intDefault = 0;
  std::string floatDefault;
  const Record *enumDef = nullptr;

  bool isTensor() const { return cls == ArgClass::In || cls == ArgClass::Out; }
  bool isPerDim() const {
    return cls == ArgClass::I32PerDim || cls == ArgClass::F32PerDim;
  }
  bool isFloat() const {
    return cls == ArgClass::F32 || cls == ArgClass::F32PerDim;
  }
  /// The UPA table field: snake_case of the name.
  std::string fieldName() const {
    std::string out;
    for (char c : name) {
      if (isUpper(c)) {
        out += '_';
        out += toLower(c);
      } else {
        out += c;
      }
    }
    return out;
  }
  /// The flatbuffers type of the field.
  std::string fbsType() const {
    switch (cls) {
    case ArgClass::I32:
      return flag ? "bool" : "int32";
    case ArgClass::F32:
      return "float";
    case ArgClass::I32PerDim:
      return "[int32]";
    case ArgClass::F32PerDim:
      return "[float]";
    default:
      return "";
    }
  }
  /// The field's default as the schema spells it ("" for vectors).
  std::string fbsDefault() const {
    if (cls == ArgClass::I32) {
      return flag ? (intDefault ? "true" : "false")
                  : std::to_string(intDefault);
    }
    if (cls == ArgClass::F32) {
      StringRef text = floatDefault;
      text.consume_back("f");
      return text.str();
    }
    return "";
  }
  /// The field's default as a C++ value for flatc's Create function.
  std::string cppDefault() const {
    if (cls == ArgClass::I32) {
      return flag ? (intDefault ? "true" : "false")
                  : std::to_string(intDefault);
    }
    if (cls == ArgClass::F32) {
      return floatDefault;
    }
    return "0";
  }
  /// The same declaration (type, default; the doc may differ).
  bool sameField(const Arg &other) const {
    return name == other.name && cls == other.cls && flag == other.flag &&
           intDefault == other.intDefault && floatDefault == other.floatDefault;
  }
};

struct Kernel {
  const Record *def;
  /// "Add" -> struct AddKernel.
  std::string recordName;
  std::string name;
  std::string doc;
  bool floatOnly;
  bool elementwise;
  std::string sharedArgs;
  std::string upaTable;
  std::vector<std::string> vpuKernels;
  std::vector<Arg> args;
  /// The cost: cycles per vector (a decimal literal) and the work kind
  /// ("Outputs", "Inputs" or "Kernel": a KernelWork enumerator).
  std::string cyclesPerVector;
  std::string work;

  std::string structName() const { return recordName + "Kernel"; }
  bool hasScalars() const {
    return llvm::any_of(args, [](const Arg &a) { return !a.isTensor(); });
  }
};

struct UpaTable {
  std::string name;
  /// Fields in order of first appearance in the kernels using the table.
  std::vector<Arg> fields;
  std::vector<const Kernel *> kernels;
};

struct Library {
  std::vector<const Record *> enums;
  std::vector<Kernel> kernels;
  std::vector<UpaTable> upaTables;

  const UpaTable *findTable(StringRef name) const {
    for (const UpaTable &table : upaTables) {
      if (table.name == name) {
        return &table;
      }
    }
    return nullptr;
  }
};

Arg readArg(const Record *def, const Record *kernel) {
  Arg arg;
  arg.def = def;
  arg.name = def->getValueAsString("name").str();
  arg.doc = def->getValueAsString("doc").str();
  if (def->isSubClassOf("In")) {
    arg.cls = ArgClass::In;
    arg.optional = def->getValueAsBit("optional");
  } else if (def->isSubClassOf("Out")) {
    arg.cls = ArgClass::Out;
  } else if (def->isSubClassOf("I32")) {
    arg.cls = ArgClass::I32;
    arg.flag = def->isSubClassOf("Flag");
    arg.isAxis = def->isSubClassOf("AxisArg");
    arg.intDefault = def->getValueAsInt("default");
    arg.min = def->getValueAsInt("min");
    arg.max = def->getValueAsInt("max");
    if (def->isSubClassOf("EnumArg")) {
      arg.enumDef = def->getValueAsDef("enum");
      std::vector<Record *> cases = arg.enumDef->getValueAsListOfDefs("cases");
      arg.min = std::min<int64_t>(0, arg.intDefault);
      arg.max = static_cast<int64_t>(cases.size()) - 1;
    }
    if (arg.intDefault < arg.min || arg.intDefault > arg.max) {
      PrintFatalError(kernel->getLoc(),
                      "argument '" + arg.name + "': default outside its range");
    }
  } else if (def->isSubClassOf("F32")) {
    arg.cls = ArgClass::F32;
    arg.floatDefault = def->getValueAsString("default").str();
  } else if (def->isSubClassOf("I32PerDim")) {
    arg.cls = ArgClass::I32PerDim;
  } else if (def->isSubClassOf("F32PerDim")) {
    arg.cls = ArgClass::F32PerDim;
  } else {
    PrintFatalError(kernel->getLoc(),
                    "argument '" + arg.name + "' has no known argument class");
  }
  return arg;
}

/// Reads and checks the library.
Library readLibrary(RecordKeeper &records) {
  Library lib;
  std::vector<Record *> libraries =
      records.getAllDerivedDefinitions("SwKernelLibrary");
  if (libraries.size() != 1) {
    PrintFatalError("expected exactly one SwKernelLibrary def");
  }
  for (Record *def : records.getAllDerivedDefinitions("AbiEnum")) {
    std::vector<Record *> cases = def->getValueAsListOfDefs("cases");
    for (auto [index, entry] : llvm::enumerate(cases)) {
      if (entry->getValueAsInt("value") != static_cast<int64_t>(index)) {
        PrintFatalError(def->getLoc(), "enum '" + def->getName() +
                                           "': values must be 0..N-1 in "
                                           "order");
      }
    }
    lib.enums.push_back(def);
  }
  std::set<std::string> names;
  std::map<std::string, const Kernel *> sharedStructs;
  std::vector<Record *> kernelDefs =
      libraries.front()->getValueAsListOfDefs("kernels");
  lib.kernels.reserve(kernelDefs.size());
  for (Record *def : kernelDefs) {
    Kernel kernel;
    kernel.def = def;
    kernel.recordName = def->getName().str();
    kernel.name = def->getValueAsString("name").str();
    kernel.doc = def->getValueAsString("doc").str();
    kernel.floatOnly = def->getValueAsBit("floatOnly");
    kernel.elementwise = def->getValueAsBit("elementwise");
    kernel.sharedArgs = def->getValueAsString("sharedArgs").str();
    kernel.upaTable = def->getValueAsString("upaTable").str();
    StringRef cycles = def->getValueAsString("cyclesPerVector");
    double cyclesValue = 0;
    if (cycles.getAsDouble(cyclesValue) || !(cyclesValue > 0)) {
      PrintFatalError(def->getLoc(), "cyclesPerVector '" + cycles +
                                         "' is not a positive number");
    }
    kernel.cyclesPerVector = cycles.str();
    StringRef work = def->getValueAsString("work");
    if (work == "outputs") {
      kernel.work = "Outputs";
    } else if (work == "inputs") {
      kernel.work = "Inputs";
    } else if (work == "kernel") {
      kernel.work = "Kernel";
    } else {
      PrintFatalError(def->getLoc(),
                      "work '" + work + "' is not outputs, inputs or kernel");
    }
    for (StringRef vpu : def->getValueAsListOfStrings("vpuKernels")) {
      kernel.vpuKernels.push_back(vpu.str());
    }
    for (Record *argDef : def->getValueAsListOfDefs("args")) {
      kernel.args.push_back(readArg(argDef, def));
    }
    if (!names.insert(kernel.name).second) {
      PrintFatalError(def->getLoc(),
                      "duplicate kernel name '" + kernel.name + "'");
    }
    // in* out+ scalar*
    int stage = 0;
    int outputs = 0;
    std::set<std::string> argNames;
    for (const Arg &arg : kernel.args) {
      int argStage = arg.cls == ArgClass::In    ? 0
                     : arg.cls == ArgClass::Out ? 1
                                                : 2;
      if (argStage < stage) {
        PrintFatalError(def->getLoc(), "kernel '" + kernel.name +
                                           "': arguments must be inputs, then "
                                           "outputs, then scalars");
      }
      stage = argStage;
      outputs += arg.cls == ArgClass::Out;
      if (!argNames.insert(arg.name).second) {
        PrintFatalError(def->getLoc(), "kernel '" + kernel.name +
                                           "': duplicate argument '" +
                                           arg.name + "'");
      }
    }
    if (outputs == 0) {
      PrintFatalError(def->getLoc(),
                      "kernel '" + kernel.name + "' has no output");
    }
    if (kernel.hasScalars() != !kernel.upaTable.empty()) {
      PrintFatalError(def->getLoc(), "kernel '" + kernel.name +
                                         "': a kernel has a UPA table exactly "
                                         "when it has scalars");
    }
    lib.kernels.push_back(std::move(kernel));
  }
  // Shared structs and UPA tables.
  for (const Kernel &kernel : lib.kernels) {
    if (!kernel.sharedArgs.empty()) {
      auto [it, inserted] = sharedStructs.emplace(kernel.sharedArgs, &kernel);
      if (!inserted) {
        const Kernel &first = *it->second;
        bool same = first.args.size() == kernel.args.size();
        for (size_t i = 0; same && i < kernel.args.size(); ++i) {
          same = first.args[i].sameField(kernel.args[i]);
        }
        if (!same) {
          PrintFatalError(kernel.def->getLoc(),
                          "kernel '" + kernel.name + "' shares '" +
                              kernel.sharedArgs + "' with '" + first.name +
                              "' but has other arguments");
        }
      }
    }
    if (kernel.upaTable.empty()) {
      continue;
    }
    UpaTable *table = nullptr;
    for (UpaTable &existing : lib.upaTables) {
      if (existing.name == kernel.upaTable) {
        table = &existing;
      }
    }
    if (!table) {
      lib.upaTables.push_back({kernel.upaTable, {}, {}});
      table = &lib.upaTables.back();
    }
    table->kernels.push_back(&kernel);
    for (const Arg &arg : kernel.args) {
      if (arg.isTensor()) {
        continue;
      }
      auto found = llvm::find_if(table->fields, [&](const Arg &field) {
        return field.name == arg.name;
      });
      if (found == table->fields.end()) {
        table->fields.push_back(arg);
      } else if (!found->sameField(arg)) {
        PrintFatalError(kernel.def->getLoc(),
                        "kernel '" + kernel.name + "': scalar '" + arg.name +
                            "' differs from the field of UPA table '" +
                            table->name + "'");
      }
    }
  }
  return lib;
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// `text` as a sentence: capitalised, ending in a full stop.
std::string sentence(StringRef text) {
  std::string out = text.trim().str();
  if (out.empty()) {
    return out;
  }
  out[0] = toUpper(out[0]);
  if (out.back() != '.') {
    out += '.';
  }
  return out;
}

/// Writes `text` as `///` comment lines of at most 80 columns.
void emitDoc(raw_ostream &os, StringRef text, StringRef indent = "") {
  if (text.empty()) {
    return;
  }
  SmallVector<StringRef> words;
  SplitString(text, words, " \n");
  std::string line;
  size_t width = 80 - indent.size() - 4;
  for (StringRef word : words) {
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      os << indent << "/// " << line << "\n";
      line.clear();
    }
    if (!line.empty()) {
      line += ' ';
    }
    line += word.str();
  }
  if (!line.empty()) {
    os << indent << "/// " << line << "\n";
  }
}

const char *kindName(const Arg &arg) {
  switch (arg.cls) {
  case ArgClass::In:
    return "ArgKind::MemRefIn";
  case ArgClass::Out:
    return "ArgKind::MemRefOut";
  case ArgClass::I32:
  case ArgClass::I32PerDim:
    return "ArgKind::I32";
  case ArgClass::F32:
  case ArgClass::F32PerDim:
    return "ArgKind::F32";
  }
  return "";
}

void emitArgsStruct(raw_ostream &os, StringRef name, const Kernel &kernel,
                    StringRef indent) {
  os << indent << "struct __attribute__((packed)) " << name << " {\n";
  for (const Arg &arg : kernel.args) {
    emitDoc(os, sentence(arg.doc), (indent + "  ").str());
    os << indent << "  ";
    switch (arg.cls) {
    case ArgClass::In:
    case ArgClass::Out:
      os << "MemRefData " << arg.name << ";\n";
      break;
    case ArgClass::I32:
      os << "int32_t " << arg.name << ";\n";
      break;
    case ArgClass::F32:
      os << "float " << arg.name << ";\n";
      break;
    case ArgClass::I32PerDim:
      os << "int32_t " << arg.name << "[kMaxRank];\n";
      break;
    case ArgClass::F32PerDim:
      os << "float " << arg.name << "[kMaxRank];\n";
      break;
    }
  }
  os << indent << "};\n";
}

//===----------------------------------------------------------------------===//
// -gen-sw-kernel-abi
//===----------------------------------------------------------------------===//

bool emitSwKernelAbi(raw_ostream &os, RecordKeeper &records) {
  Library lib = readLibrary(records);
  emitSourceFileHeader("The SHAVE software-kernel library (SwKernels.td)", os,
                       records);
  os << "// Included by kernels/abi/SwKernels.h inside namespace "
        "mlir::vpuc::abi.\n\n";

  // Enums.
  for (const Record *def : lib.enums) {
    emitDoc(os, def->getValueAsString("doc"));
    os << "enum class " << def->getName() << " : int32_t {\n";
    std::vector<Record *> cases = def->getValueAsListOfDefs("cases");
    for (const Record *entry : cases) {
      emitDoc(os, entry->getValueAsString("doc"), "  ");
      os << "  " << entry->getValueAsString("name") << " = "
         << entry->getValueAsInt("value") << ",\n";
    }
    os << "};\n";
    os << "/// The largest " << def->getName() << " value.\n";
    os << "inline constexpr int32_t kMax" << def->getName() << " = "
       << cases.size() - 1 << ";\n\n";
  }

  // Shared structs, once each.
  std::set<std::string> sharedDone;
  for (const Kernel &kernel : lib.kernels) {
    if (!kernel.sharedArgs.empty() &&
        sharedDone.insert(kernel.sharedArgs).second) {
      os << "/// The packed arguments shared by several kernels.\n";
      emitArgsStruct(os, kernel.sharedArgs, kernel, "");
      os << "\n";
    }
  }

  // Kernels.
  for (const Kernel &kernel : lib.kernels) {
    emitDoc(os, kernel.doc);
    if (!kernel.upaTable.empty()) {
      os << "/// UPA: " << kernel.upaTable << ".\n";
    }
    os << "struct " << kernel.structName() << " {\n";
    os << "  static constexpr const char name[] = \"" << kernel.name << "\";\n";
    if (kernel.sharedArgs.empty()) {
      emitArgsStruct(os, "Args", kernel, "  ");
    } else {
      os << "  using Args = " << kernel.sharedArgs << ";\n";
    }
    os << "  static constexpr ArgKind signature[] = {";
    bool first = true;
    for (const Arg &arg : kernel.args) {
      for (int i = 0, e = arg.isPerDim() ? 8 : 1; i < e; ++i) {
        os << (first ? "" : ", ") << kindName(arg);
        first = false;
      }
    }
    os << "};\n";
    os << "  static constexpr ScalarDecl scalars[] = {";
    first = true;
    for (const Arg &arg : kernel.args) {
      if (arg.isTensor()) {
        continue;
      }
      os << (first ? "" : ",") << "\n      {\"" << arg.name << "\", \""
         << arg.fieldName() << "\", " << kindName(arg) << ", "
         << (arg.isPerDim() ? "kMaxRank" : "1") << ", ";
      if (arg.cls == ArgClass::I32) {
        os << arg.min << "LL, " << arg.max << "LL";
      } else {
        os << "kNoMin, kNoMax";
      }
      os << ", " << (arg.isAxis ? "true" : "false") << "}";
      first = false;
    }
    if (first) {
      os << "{nullptr, nullptr, ArgKind::I32, 0, 0, 0, false}";
    }
    os << "};\n";
    os << "  static constexpr uint32_t numScalars = "
       << llvm::count_if(kernel.args,
                         [](const Arg &a) { return !a.isTensor(); })
       << ";\n";
    os << "  static constexpr bool floatOnly = "
       << (kernel.floatOnly ? "true" : "false") << ";\n";
    os << "  static constexpr bool elementwise = "
       << (kernel.elementwise ? "true" : "false") << ";\n";
    os << "  static constexpr double cyclesPerVector = "
       << kernel.cyclesPerVector << ";\n";
    os << "  static constexpr KernelWork work = KernelWork::" << kernel.work
       << ";\n";
    os << "};\n";
    os << "static_assert(sizeof(" << kernel.structName()
       << "::Args) == getPackedArgSize(" << kernel.structName()
       << "::signature), \"" << kernel.structName()
       << "::Args must be the packed struct of its signature\");\n";
    size_t index = 0;
    for (const Arg &arg : kernel.args) {
      os << "static_assert(offsetof(" << kernel.structName() << "::Args, "
         << arg.name << ") == getArgOffset(" << kernel.structName()
         << "::signature, " << index << "), \"" << kernel.structName()
         << "::Args::" << arg.name << "\");\n";
      index += arg.isPerDim() ? 8 : 1;
    }
    os << "\n";
  }

  os << "/// Every kernel of the library: X(Kernel) for each.\n";
  os << "#define VPUC_SW_KERNELS(X)";
  for (const Kernel &kernel : lib.kernels) {
    os << " \\\n  X(" << kernel.structName() << ")";
  }
  os << "\n";
  return false;
}

//===----------------------------------------------------------------------===//
// -gen-upa-params-fbs
//===----------------------------------------------------------------------===//

bool emitUpaParamsFbs(raw_ostream &os, RecordKeeper &records) {
  Library lib = readLibrary(records);
  os << "// Generated by vpuc-tblgen -gen-upa-params-fbs from "
        "kernels/abi/SwKernels.td: do not edit.\n";
  os << "//\n// The scalar arguments of the UPA layers (VPUX30XX), one table "
        "per parameter\n// table of the kernel library. Each field is the "
        "scalar of the same name (in\n// camelCase) of the kernels' Args "
        "structs; enum-valued fields take the\n// values of the abi enum; "
        "flags are bools packed as 0 / 1; per-dim vectors\n// have one entry "
        "per dim (at most 8, packed padded with zeros to 8). A\n// kernel "
        "that does not take a field of a shared table requires its default.\n"
        "\n";
  os << "namespace vpuc.schema;\n\n";
  for (const UpaTable &table : lib.upaTables) {
    os << "/// Parameters of";
    for (auto [index, kernel] : llvm::enumerate(table.kernels)) {
      os << (index ? ", " : " ") << "\"" << kernel->name << "\"";
    }
    os << ".\n";
    os << "table " << table.name << " {\n";
    for (const Arg &field : table.fields) {
      if (field.enumDef) {
        os << "  /// An abi::" << field.enumDef->getName() << " value.\n";
      }
      if (!field.doc.empty()) {
        os << "  /// " << sentence(field.doc) << "\n";
      }
      os << "  " << field.fieldName() << ": " << field.fbsType();
      std::string dflt = field.fbsDefault();
      if (!dflt.empty() && dflt != "0" && dflt != "false" && dflt != "0.0") {
        os << " = " << dflt;
      }
      os << ";\n";
    }
    os << "}\n\n";
  }
  os << "/// The parameter table of a UPA layer's kernel (see each table).\n";
  os << "union UpaParams {\n";
  for (const UpaTable &table : lib.upaTables) {
    os << "  " << table.name << ",\n";
  }
  os << "}\n";
  return false;
}

//===----------------------------------------------------------------------===//
// -gen-upa-params-cpp
//===----------------------------------------------------------------------===//

bool emitUpaParamsCpp(raw_ostream &os, RecordKeeper &records) {
  Library lib = readLibrary(records);
  emitSourceFileHeader("UPA parameter tables (SwKernels.td)", os, records);
  os << "// Included by backend/schema/UpaParams.cpp, which defines "
        "ScalarReader,\n// packPerDim and the error helpers.\n\n";

  // The table of each kernel.
  os << "const UpaKernelDecl kUpaKernels[] = {\n";
  for (const Kernel &kernel : lib.kernels) {
    os << "    {\"" << kernel.name << "\", "
       << (kernel.upaTable.empty() ? "UpaParams::NONE"
                                   : "UpaParams::" + kernel.upaTable)
       << "},\n";
  }
  os << "};\n\n";

  // Writers.
  os << "llvm::Expected<UpaParamsOffset>\n"
        "buildUpaParamsOf(flatbuffers::FlatBufferBuilder &fbb, "
        "llvm::StringRef kernel,\n"
        "                 ScalarReader &reader) {\n";
  for (const Kernel &kernel : lib.kernels) {
    if (kernel.upaTable.empty()) {
      continue;
    }
    const UpaTable *table = lib.findTable(kernel.upaTable);
    os << "  if (kernel == \"" << kernel.name << "\") {\n";
    for (const Arg &arg : kernel.args) {
      switch (arg.cls) {
      case ArgClass::I32:
        if (arg.flag) {
          os << "    bool " << arg.name << " = reader.flag(\"" << arg.name
             << "\");\n";
        } else {
          os << "    int32_t " << arg.name << " = reader.i32(\"" << arg.name
             << "\");\n";
        }
        break;
      case ArgClass::F32:
        os << "    float " << arg.name << " = reader.f32(\"" << arg.name
           << "\");\n";
        break;
      case ArgClass::I32PerDim:
        os << "    auto " << arg.name << " = reader.i32PerDim(fbb, \""
           << arg.name << "\");\n";
        break;
      case ArgClass::F32PerDim:
        os << "    auto " << arg.name << " = reader.f32PerDim(fbb, \""
           << arg.name << "\");\n";
        break;
      default:
        break;
      }
    }
    os << "    if (llvm::Error error = reader.finish()) {\n"
          "      return std::move(error);\n"
          "    }\n";
    os << "    return UpaParamsOffset{UpaParams::" << table->name << ", Create"
       << table->name << "(fbb";
    for (const Arg &field : table->fields) {
      bool has = llvm::any_of(
          kernel.args, [&](const Arg &a) { return a.name == field.name; });
      os << ", " << (has ? field.name : field.cppDefault());
    }
    os << ").Union()};\n  }\n";
  }
  os << "  return UpaParamsOffset{UpaParams::NONE, 0};\n}\n\n";

  // Readers.
  os << "llvm::Error packUpaParamsOf(const UpaLayerTask &task, "
        "llvm::StringRef kernel,\n"
        "                          mlir::vpuc::abi::ArgPacker &packer) {\n";
  for (const Kernel &kernel : lib.kernels) {
    if (kernel.upaTable.empty()) {
      continue;
    }
    const UpaTable *table = lib.findTable(kernel.upaTable);
    os << "  if (kernel == \"" << kernel.name << "\") {\n";
    os << "    const auto *params = task.params_as_" << table->name << "();\n";
    os << "    if (!params) {\n      return missingParams(task, \""
       << table->name << "\");\n    }\n";
    for (const Arg &field : table->fields) {
      bool has = llvm::any_of(
          kernel.args, [&](const Arg &a) { return a.name == field.name; });
      if (has) {
        continue;
      }
      os << "    if (";
      if (field.isPerDim()) {
        os << "params->" << field.fieldName() << "() && params->"
           << field.fieldName() << "()->size() != 0";
      } else {
        os << "params->" << field.fieldName() << "() != " << field.cppDefault();
      }
      os << ") {\n      return unusedField(task, \"" << field.fieldName()
         << "\");\n    }\n";
    }
    for (const Arg &arg : kernel.args) {
      switch (arg.cls) {
      case ArgClass::I32:
        os << "    packer.addI32(static_cast<int32_t>(params->"
           << arg.fieldName() << "()));\n";
        break;
      case ArgClass::F32:
        os << "    packer.addF32(params->" << arg.fieldName() << "());\n";
        break;
      case ArgClass::I32PerDim:
      case ArgClass::F32PerDim:
        os << "    if (llvm::Error error = packPerDim(task, \""
           << arg.fieldName() << "\", params->" << arg.fieldName()
           << "(), packer)) {\n      return error;\n    }\n";
        break;
      default:
        break;
      }
    }
    os << "    return llvm::Error::success();\n  }\n";
  }
  os << "  return llvm::Error::success();\n}\n";
  return false;
}

//===----------------------------------------------------------------------===//
// -gen-sw-kernel-mapping
//===----------------------------------------------------------------------===//

bool emitSwKernelMapping(raw_ostream &os, RecordKeeper &records) {
  Library lib = readLibrary(records);
  emitSourceFileHeader("By-name rows of the VPU kernel mapping", os, records);
  std::set<std::string> seen;
  for (const Kernel &kernel : lib.kernels) {
    for (const std::string &vpu : kernel.vpuKernels) {
      if (!seen.insert(vpu).second) {
        PrintFatalError(kernel.def->getLoc(),
                        "VPU kernel '" + vpu + "' is mapped twice");
      }
      os << "{\"" << vpu << "\", abi::" << kernel.structName()
         << "::name, mapByName},\n";
    }
  }
  return false;
}

//===----------------------------------------------------------------------===//
// -gen-ie-to-vpu-mirrors
//===----------------------------------------------------------------------===//

/// The C++ class of op `def`: its dialect's namespace and the def name after
/// the dialect prefix (IE_AddOp -> ::mlir::vpuc::IE::AddOp).
std::string getCppClass(const Record *def) {
  StringRef name = def->getName();
  StringRef dialectNamespace =
      def->getValueAsDef("opDialect")->getValueAsString("cppNamespace");
  return (dialectNamespace + "::" + name.split('_').second).str();
}

bool emitIEToVPUMirrors(raw_ostream &os, RecordKeeper &records) {
  emitSourceFileHeader("IE -> VPU.SW mirror patterns (VPUOps.td)", os, records);
  std::map<std::string, const Record *> opsByName;
  for (const Record *op : records.getAllDerivedDefinitions("Op")) {
    std::string full =
        (op->getValueAsDef("opDialect")->getValueAsString("name") + "." +
         op->getValueAsString("opName"))
            .str();
    opsByName[full] = op;
  }
  bool first = true;
  for (const Record *op : records.getAllDerivedDefinitions("VPU_SWOp")) {
    StringRef ieName = op->getValueAsString("ieOperationName");
    auto found = opsByName.find(ieName.str());
    if (found == opsByName.end()) {
      PrintFatalError(op->getLoc(), "no op '" + ieName + "' to mirror");
    }
    os << (first ? "" : ",\n") << "Mirror<" << getCppClass(found->second)
       << ", " << getCppClass(op) << ">";
    first = false;
  }
  os << "\n";
  return false;
}

bool generate(raw_ostream &os, RecordKeeper &records) {
  switch (action) {
  case Action::SwKernelAbi:
    return emitSwKernelAbi(os, records);
  case Action::UpaParamsFbs:
    return emitUpaParamsFbs(os, records);
  case Action::UpaParamsCpp:
    return emitUpaParamsCpp(os, records);
  case Action::SwKernelMapping:
    return emitSwKernelMapping(os, records);
  case Action::IEToVPUMirrors:
    return emitIEToVPUMirrors(os, records);
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv);
  return TableGenMain(argv[0], &generate);
}
