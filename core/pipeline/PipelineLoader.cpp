//===- PipelineLoader.cpp - Textproto pipeline specs to pass managers ---===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Parses a spec with protobuf's TextFormat (recording where every field was
// written), expands it into a tree of passes and op-anchored nests (splicing in
// referenced specs), validates each pass, option and anchor against the
// registries, applies the command-line overrides, and prints the tree as MLIR's
// textual pass pipeline.
//
//===----------------------------------------------------------------------===//

#include "core/pipeline/PipelineLoader.h"

#include <deque>
#include <memory>
#include <optional>
#include <utility>

#include "core/pipeline/PipelineSpec.pb.h"
#include "core/proto/TextProto.h"
#include "core/registry/Registry.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/text_format.h>

namespace mlir::vpuc::pipeline {

namespace pb = google::protobuf;
/// The generated protobuf classes (package vpuc.pipeline).
namespace proto = ::vpuc::pipeline;

namespace {

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

/// A parsed spec with the locations of its fields.
struct ParsedSpec {
  std::string file;
  proto::PipelineSpec spec;
  pb::TextFormat::ParseInfoTree tree;
};

/// Parses `source`; syntax errors go to `os`.
static std::unique_ptr<ParsedSpec> parseSpec(SpecSource source,
                                             llvm::raw_ostream &os) {
  auto parsed = std::make_unique<ParsedSpec>();
  parsed->file = source.sourceName.str();
  if (llvm::Error error = mlir::vpuc::proto::parseTextProto(
          source.text, parsed->file, parsed->spec, &parsed->tree)) {
    os << llvm::toString(std::move(error)) << "\n";
    return nullptr;
  }
  return parsed;
}

/// Where a diagnostic points: `FILE:LINE`, `FILE`, or a free-form origin (an
/// override).
struct DiagLoc {
  std::string origin;
  int line = 0; // 1-based; 0 when unknown.
};

/// Returns the location of `field` (element `index`, -1 for a singular field)
/// in `tree`, or `fallback` when the tree does not know it.
static DiagLoc locate(const pb::TextFormat::ParseInfoTree *tree,
                      llvm::StringRef file, const pb::FieldDescriptor *field,
                      int index, const DiagLoc &fallback) {
  if (!tree) {
    return fallback;
  }
  pb::TextFormat::ParseLocation loc = tree->GetLocation(field, index);
  if (loc.line < 0) {
    return fallback;
  }
  return DiagLoc{file.str(), loc.line + 1};
}

/// Returns the tree of the message in `field` (element `index`), or null.
static const pb::TextFormat::ParseInfoTree *
nestedTree(const pb::TextFormat::ParseInfoTree *tree,
           const pb::FieldDescriptor *field, int index) {
  return tree ? tree->GetTreeForNested(field, index) : nullptr;
}

/// Returns "; did you mean 'X'?" for the candidate closest to `name`, or "" if
/// none is close.
static std::string suggest(llvm::StringRef name,
                           llvm::ArrayRef<std::string> candidates) {
  unsigned maxDistance = std::max<unsigned>(2, name.size() / 3);
  unsigned best = maxDistance + 1;
  llvm::StringRef bestName;
  for (const std::string &candidate : candidates) {
    unsigned distance =
        name.edit_distance(candidate, /*AllowReplacements=*/true,
                           /*MaxEditDistance=*/maxDistance);
    if (distance < best) {
      best = distance;
      bestName = candidate;
    }
  }
  if (bestName.empty()) {
    return "";
  }
  return ("; did you mean '" + bestName + "'?").str();
}

/// Returns the option keys of a pass printed as `name{k1=v1 k2={a b} k3="x
/// y"}`.
static std::vector<std::string> parseOptionKeys(llvm::StringRef printed) {
  std::vector<std::string> keys;
  size_t open = printed.find('{');
  if (open == llvm::StringRef::npos || !printed.ends_with("}")) {
    return keys;
  }
  llvm::StringRef body = printed.slice(open + 1, printed.size() - 1);
  int depth = 0;
  char quote = 0;
  bool atTokenStart = true;
  std::string key;
  bool inKey = false;
  for (char c : body) {
    if (quote) {
      quote = c == quote ? 0 : quote;
      continue;
    }
    if (inKey) {
      if (c == '=') {
        keys.push_back(key);
        inKey = false;
      } else if (llvm::isSpace(c)) {
        inKey = false;
        atTokenStart = true;
      } else {
        key.push_back(c);
      }
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '{') {
      ++depth;
    } else if (c == '}') {
      --depth;
    } else if (depth == 0 && llvm::isSpace(c)) {
      atTokenStart = true;
      continue;
    } else if (depth == 0 && atTokenStart) {
      key.assign(1, c);
      inKey = true;
    }
    atTokenStart = false;
  }
  return keys;
}

/// Checks that `value` can be written verbatim after `key=` in a textual
/// pipeline: whitespace only inside `{...}` or quotes, balanced brackets,
/// closed quotes. Returns the problem, or "".
static std::string checkValueSyntax(llvm::StringRef value) {
  // MLIR's option parser splits list values at commas outside (), [], {} and
  // quotes, and loops forever on an opener it never finds closed (MLIR 19's
  // `findChar`), so every bracket must be closed, in order.
  llvm::SmallVector<char, 8> closers;
  char quote = 0;
  for (char c : value) {
    if (quote) {
      quote = c == quote ? 0 : quote;
      continue;
    }
    switch (c) {
    case '"':
    case '\'':
      quote = c;
      break;
    case '{':
      closers.push_back('}');
      break;
    case '(':
      closers.push_back(')');
      break;
    case '[':
      closers.push_back(']');
      break;
    case '}':
    case ')':
    case ']':
      if (closers.empty() || closers.back() != c) {
        return "has an unmatched '" + std::string(1, c) + "'";
      }
      closers.pop_back();
      break;
    default:
      if (llvm::isSpace(c) && !llvm::is_contained(closers, '}')) {
        return "contains whitespace outside '{...}' or quotes";
      }
    }
  }
  if (quote) {
    return "has an unterminated quote";
  }
  if (!closers.empty()) {
    char opener = closers.back() == '}'   ? '{'
                  : closers.back() == ')' ? '('
                                          : '[';
    return "has an unmatched '" + std::string(1, opener) + "'";
  }
  return "";
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

/// A step of the expanded pipeline: a pass with options, or stages nested on an
/// anchor op.
struct Node {
  bool isPass = true;
  std::string name; // Pass argument, or anchor op name.
  std::vector<std::pair<std::string, std::string>> options;
  std::vector<Node> children;
};

/// What the loader knows about a registered pass (or C++ pipeline), computed
/// once.
struct PassDescription {
  const PassRegistryEntry *entry = nullptr;
  std::optional<std::string> opName;
  std::vector<std::string> optionKeys;
};

/// Lowers one spec (and the specs it references) to a tree of nodes, reporting
/// every error.
class SpecLowering {
public:
  SpecLowering(MLIRContext &context, const registry::Registry &registry,
               llvm::raw_ostream &os)
      : context(context), registry(registry), os(os) {}

  /// Lowers the spec `source`; `registeredName` is set for specs loaded by
  /// name.
  void lowerSpec(SpecSource source,
                 std::optional<llvm::StringRef> registeredName,
                 llvm::StringRef anchor, std::vector<Node> &out);

  /// Applies `pass.option=value` overrides to `nodes`.
  void applyOverrides(llvm::ArrayRef<std::string> overrides,
                      std::vector<Node> &nodes);

  bool hadError() const { return numErrors != 0; }

private:
  llvm::raw_ostream &error(const DiagLoc &loc) {
    ++numErrors;
    os << loc.origin;
    if (loc.line > 0) {
      os << ":" << loc.line;
    }
    return os << ": ";
  }

  void lowerStages(const pb::RepeatedPtrField<proto::Stage> &stages,
                   const pb::TextFormat::ParseInfoTree *tree,
                   const pb::FieldDescriptor *stagesField, llvm::StringRef file,
                   const DiagLoc &parentLoc, llvm::StringRef anchor,
                   std::vector<Node> &out);
  void lowerPass(const proto::Pass &pass,
                 const pb::TextFormat::ParseInfoTree *tree,
                 llvm::StringRef file, const DiagLoc &stageLoc,
                 llvm::StringRef anchor, std::vector<Node> &out);
  void lowerReference(llvm::StringRef name, const DiagLoc &loc,
                      llvm::StringRef anchor, std::vector<Node> &out);
  void lowerNested(const proto::Nested &nested,
                   const pb::TextFormat::ParseInfoTree *tree,
                   llvm::StringRef file, const DiagLoc &stageLoc,
                   std::vector<Node> &out);
  LogicalResult checkAnchor(llvm::StringRef anchor, const DiagLoc &loc);
  LogicalResult checkOption(const PassDescription &pass,
                            llvm::StringRef passName, llvm::StringRef key,
                            llvm::StringRef value, const DiagLoc &loc);
  const PassDescription *describePass(llvm::StringRef name);
  std::vector<std::string> passCandidates() const;

  MLIRContext &context;
  const registry::Registry &registry;
  llvm::raw_ostream &os;
  int numErrors = 0;
  /// The registered specs being expanded, outermost first (for cycle
  /// detection).
  std::vector<std::string> active;
  /// The directory of each spec being expanded whose references resolve to
  /// files beside it (empty for a compiled-in spec), innermost last.
  std::vector<std::string> directories;
  /// The texts and paths of the spec files loaded by reference (the parsed
  /// specs refer to them while they are lowered).
  std::deque<std::string> loadedFiles;
  llvm::StringMap<std::optional<PassDescription>> descriptions;
};

void SpecLowering::lowerSpec(SpecSource source,
                             std::optional<llvm::StringRef> registeredName,
                             llvm::StringRef anchor, std::vector<Node> &out) {
  std::unique_ptr<ParsedSpec> parsed = parseSpec(source, os);
  if (!parsed) {
    ++numErrors;
    return;
  }
  const pb::Descriptor *specDesc = proto::PipelineSpec::descriptor();
  DiagLoc fileLoc{parsed->file, 0};
  if (registeredName && parsed->spec.name() != *registeredName) {
    DiagLoc nameLoc = locate(&parsed->tree, parsed->file,
                             specDesc->FindFieldByName("name"), -1, fileLoc);
    if (source.onDisk) {
      error(nameLoc) << "the spec that the reference '" << *registeredName
                     << "' loads is named '" << parsed->spec.name()
                     << "'; a spec beside the referring one is named as its "
                        "file\n";
    } else {
      error(nameLoc) << "the spec registered as '" << *registeredName
                     << "' is named '" << parsed->spec.name() << "'\n";
    }
  }
  bool pushed = registeredName.has_value();
  if (pushed) {
    active.push_back(registeredName->str());
  } else if (!parsed->spec.name().empty()) {
    active.push_back(parsed->spec.name());
    pushed = true;
  }
  directories.push_back(
      source.onDisk ? llvm::sys::path::parent_path(source.sourceName).str()
                    : std::string());
  if (source.onDisk && directories.back().empty()) {
    directories.back() = ".";
  }
  lowerStages(parsed->spec.stages(), &parsed->tree,
              specDesc->FindFieldByName("stages"), parsed->file, fileLoc,
              anchor, out);
  directories.pop_back();
  if (pushed) {
    active.pop_back();
  }
}

void SpecLowering::lowerStages(const pb::RepeatedPtrField<proto::Stage> &stages,
                               const pb::TextFormat::ParseInfoTree *tree,
                               const pb::FieldDescriptor *stagesField,
                               llvm::StringRef file, const DiagLoc &parentLoc,
                               llvm::StringRef anchor, std::vector<Node> &out) {
  const pb::Descriptor *stageDesc = proto::Stage::descriptor();
  for (int i = 0, e = stages.size(); i < e; ++i) {
    const proto::Stage &stage = stages[i];
    DiagLoc stageLoc = locate(tree, file, stagesField, i, parentLoc);
    const pb::TextFormat::ParseInfoTree *stageTree =
        nestedTree(tree, stagesField, i);
    switch (stage.kind_case()) {
    case proto::Stage::kPass: {
      const pb::FieldDescriptor *field = stageDesc->FindFieldByName("pass");
      lowerPass(stage.pass(), nestedTree(stageTree, field, -1), file,
                locate(stageTree, file, field, -1, stageLoc), anchor, out);
      break;
    }
    case proto::Stage::kPipeline:
      lowerReference(stage.pipeline(),
                     locate(stageTree, file,
                            stageDesc->FindFieldByName("pipeline"), -1,
                            stageLoc),
                     anchor, out);
      break;
    case proto::Stage::kNested: {
      const pb::FieldDescriptor *field = stageDesc->FindFieldByName("nested");
      lowerNested(stage.nested(), nestedTree(stageTree, field, -1), file,
                  locate(stageTree, file, field, -1, stageLoc), out);
      break;
    }
    case proto::Stage::KIND_NOT_SET:
      error(stageLoc)
          << "empty stage: set one of 'pass', 'pipeline' or 'nested'\n";
      break;
    }
  }
}

std::vector<std::string> SpecLowering::passCandidates() const {
  std::vector<std::string> names;
  for (const registry::PassInfo &info : registry.getPasses()) {
    names.push_back(info.argument);
  }
  return names;
}

const PassDescription *SpecLowering::describePass(llvm::StringRef name) {
  auto it = descriptions.find(name);
  if (it != descriptions.end()) {
    return it->second ? &*it->second : nullptr;
  }
  std::optional<PassDescription> &slot = descriptions[name];
  if (const PassInfo *info = PassInfo::lookup(name)) {
    PassDescription desc;
    desc.entry = info;
    OpPassManager scratch;
    if (succeeded(info->addToPipeline(
            scratch, "", [](const llvm::Twine &) { return failure(); })) &&
        scratch.size() == 1) {
      Pass &pass = *scratch.begin();
      if (std::optional<llvm::StringRef> opName = pass.getOpName()) {
        desc.opName = opName->str();
      }
      std::string printed;
      llvm::raw_string_ostream printedOs(printed);
      pass.printAsTextualPipeline(printedOs);
      desc.optionKeys = parseOptionKeys(printedOs.str());
    }
    slot = std::move(desc);
  } else if (const PassPipelineInfo *info = PassPipelineInfo::lookup(name)) {
    PassDescription desc;
    desc.entry = info;
    slot = std::move(desc);
  }
  return slot ? &*slot : nullptr;
}

LogicalResult SpecLowering::checkOption(const PassDescription &pass,
                                        llvm::StringRef passName,
                                        llvm::StringRef key,
                                        llvm::StringRef value,
                                        const DiagLoc &loc) {
  std::string syntaxProblem = checkValueSyntax(value);
  if (!syntaxProblem.empty()) {
    error(loc) << "value '" << value << "' of option '" << key << "' of pass '"
               << passName << "' " << syntaxProblem << "\n";
    return failure();
  }
  OpPassManager scratch;
  std::string message;
  auto handler = [&](const llvm::Twine &msg) {
    message = msg.str();
    return failure();
  };
  if (succeeded(pass.entry->addToPipeline(scratch, (key + "=" + value).str(),
                                          handler))) {
    return success();
  }
  if (llvm::StringRef(message).contains("no such option")) {
    error(loc) << "unknown option '" << key << "' of pass '" << passName << "'"
               << suggest(key, pass.optionKeys) << "\n";
    return failure();
  }
  error(loc) << "invalid value '" << value << "' for option '" << key
             << "' of pass '" << passName << "'";
  llvm::StringRef detail = llvm::StringRef(message).trim();
  if (!detail.empty()) {
    os << ": " << detail;
  }
  os << "\n";
  return failure();
}

void SpecLowering::lowerPass(const proto::Pass &pass,
                             const pb::TextFormat::ParseInfoTree *tree,
                             llvm::StringRef file, const DiagLoc &stageLoc,
                             llvm::StringRef anchor, std::vector<Node> &out) {
  const pb::Descriptor *passDesc = proto::Pass::descriptor();
  DiagLoc nameLoc =
      locate(tree, file, passDesc->FindFieldByName("name"), -1, stageLoc);
  const std::string &name = pass.name();
  if (name.empty()) {
    error(stageLoc) << "pass stage without a 'name'\n";
    return;
  }
  const PassDescription *desc = describePass(name);
  if (!desc) {
    llvm::raw_ostream &diag = error(nameLoc) << "unknown pass '" << name << "'";
    if (registry.lookupPipeline(name)) {
      diag << "; '" << name << "' is a pipeline spec: write `pipeline: \""
           << name << "\"`";
    } else {
      diag << suggest(name, passCandidates());
    }
    diag << "\n";
    return;
  }
  if (desc->opName && anchor != "any" && *desc->opName != anchor) {
    error(nameLoc) << "pass '" << name << "' runs on '" << *desc->opName
                   << "' but is anchored on '" << anchor
                   << "'; put it in a `nested { anchor: \"" << *desc->opName
                   << "\" }` stage\n";
  }
  Node node;
  node.name = name;
  const pb::FieldDescriptor *optionsField =
      passDesc->FindFieldByName("options");
  const pb::FieldDescriptor *valueField =
      proto::Option::descriptor()->FindFieldByName("value");
  llvm::StringSet<> seen;
  for (int i = 0, e = pass.options_size(); i < e; ++i) {
    const proto::Option &option = pass.options(i);
    DiagLoc optionLoc = locate(tree, file, optionsField, i, nameLoc);
    // Point value errors at the value when it is on a line of its own.
    DiagLoc valueLoc = locate(nestedTree(tree, optionsField, i), file,
                              valueField, -1, optionLoc);
    if (option.key().empty()) {
      error(optionLoc) << "option of pass '" << name << "' without a 'key'\n";
      continue;
    }
    if (!seen.insert(option.key()).second) {
      error(optionLoc) << "option '" << option.key() << "' of pass '" << name
                       << "' is set twice\n";
      continue;
    }
    if (failed(
            checkOption(*desc, name, option.key(), option.value(), valueLoc))) {
      continue;
    }
    node.options.emplace_back(option.key(), option.value());
  }
  out.push_back(std::move(node));
}

void SpecLowering::lowerReference(llvm::StringRef name, const DiagLoc &loc,
                                  llvm::StringRef anchor,
                                  std::vector<Node> &out) {
  if (name.empty()) {
    error(loc) << "empty pipeline reference\n";
    return;
  }
  auto checkCycle = [&]() {
    auto cycleStart = llvm::find(active, name);
    if (cycleStart == active.end()) {
      return true;
    }
    llvm::raw_ostream &diag = error(loc) << "pipeline reference cycle: ";
    for (auto it = cycleStart; it != active.end(); ++it) {
      diag << "'" << *it << "' -> ";
    }
    diag << "'" << name << "'\n";
    return false;
  };
  // A spec read from a file: the file of that name beside it first.
  if (!directories.empty() && !directories.back().empty()) {
    llvm::SmallString<256> path(directories.back());
    llvm::sys::path::append(path, name + ".textproto");
    if (llvm::sys::fs::exists(path)) {
      llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
          llvm::MemoryBuffer::getFile(path);
      if (!file) {
        error(loc) << "cannot read the spec " << path << " that the reference '"
                   << name << "' names: " << file.getError().message() << "\n";
        return;
      }
      if (!checkCycle()) {
        return;
      }
      const std::string &text =
          loadedFiles.emplace_back((*file)->getBuffer().str());
      const std::string &sourceName = loadedFiles.emplace_back(path.str());
      SpecSource source{text, sourceName, /*onDisk=*/true};
      lowerSpec(source, name, anchor, out);
      return;
    }
  }
  const registry::PipelineInfo *info = registry.lookupPipeline(name);
  if (!info) {
    std::vector<std::string> names;
    for (const registry::PipelineInfo &pipeline : registry.getPipelines()) {
      names.push_back(pipeline.name);
    }
    llvm::raw_ostream &diag = error(loc) << "unknown pipeline '" << name << "'";
    if (describePass(name)) {
      diag << "; '" << name << "' is a pass: write `pass { name: \"" << name
           << "\" }`";
    } else {
      diag << suggest(name, names);
    }
    diag << "\n";
    return;
  }
  if (!checkCycle()) {
    return;
  }
  lowerSpec(SpecSource{info->text, info->sourceName}, name, anchor, out);
}

LogicalResult SpecLowering::checkAnchor(llvm::StringRef anchor,
                                        const DiagLoc &loc) {
  if (anchor == "any" || anchor == "builtin.module" || anchor == "func.func") {
    return success();
  }
  auto [dialectName, opName] = anchor.split('.');
  if (opName.empty()) {
    error(loc) << "anchor '" << anchor
               << "' is not an op name (`dialect.op`) or 'any'\n";
    return failure();
  }
  if (!context.getOrLoadDialect(dialectName)) {
    std::vector<std::string> names = {"builtin"};
    for (llvm::StringRef known :
         context.getDialectRegistry().getDialectNames()) {
      names.push_back(known.str());
    }
    error(loc) << "unknown anchor op '" << anchor << "': no dialect '"
               << dialectName << "' is registered"
               << suggest(dialectName, names) << "\n";
    return failure();
  }
  if (RegisteredOperationName::lookup(anchor, &context)) {
    return success();
  }
  std::vector<std::string> names;
  for (RegisteredOperationName op : context.getRegisteredOperations()) {
    if (op.getDialectNamespace() == dialectName) {
      names.push_back(op.getStringRef().str());
    }
  }
  error(loc) << "unknown anchor op '" << anchor << "'" << suggest(anchor, names)
             << "\n";
  return failure();
}

void SpecLowering::lowerNested(const proto::Nested &nested,
                               const pb::TextFormat::ParseInfoTree *tree,
                               llvm::StringRef file, const DiagLoc &stageLoc,
                               std::vector<Node> &out) {
  const pb::Descriptor *nestedDesc = proto::Nested::descriptor();
  DiagLoc anchorLoc =
      locate(tree, file, nestedDesc->FindFieldByName("anchor"), -1, stageLoc);
  if (nested.anchor().empty()) {
    error(stageLoc) << "nested stage without an 'anchor'\n";
    return;
  }
  if (failed(checkAnchor(nested.anchor(), anchorLoc))) {
    return;
  }
  Node node;
  node.isPass = false;
  node.name = nested.anchor();
  lowerStages(nested.stages(), tree, nestedDesc->FindFieldByName("stages"),
              file, stageLoc, nested.anchor(), node.children);
  // A nested stage without passes does nothing, and MLIR's pipeline parser
  // does not read an empty nested pipeline (`func.func()`): it is dropped.
  if (node.children.empty()) {
    return;
  }
  out.push_back(std::move(node));
}

/// Calls `fn` on every pass node of `nodes`, recursively.
static void walkPasses(std::vector<Node> &nodes,
                       llvm::function_ref<void(Node &)> fn) {
  for (Node &node : nodes) {
    if (node.isPass) {
      fn(node);
    } else {
      walkPasses(node.children, fn);
    }
  }
}

void SpecLowering::applyOverrides(llvm::ArrayRef<std::string> overrides,
                                  std::vector<Node> &nodes) {
  for (const std::string &text : overrides) {
    DiagLoc loc{"pipeline option '" + text + "'", 0};
    auto [lhs, value] = llvm::StringRef(text).split('=');
    auto [passName, key] = lhs.split('.');
    if (lhs.size() == text.size() || passName.empty() || key.empty()) {
      error(loc) << "expected `pass-name.option=value`\n";
      continue;
    }
    std::vector<Node *> occurrences;
    std::vector<std::string> present;
    walkPasses(nodes, [&](Node &node) {
      if (node.name == passName) {
        occurrences.push_back(&node);
      }
      present.push_back(node.name);
    });
    if (occurrences.empty()) {
      error(loc) << "pass '" << passName << "' does not occur in the pipeline"
                 << suggest(passName, present) << "\n";
      continue;
    }
    const PassDescription *desc = describePass(passName);
    if (!desc || failed(checkOption(*desc, passName, key, value, loc))) {
      continue;
    }
    for (Node *node : occurrences) {
      auto it = llvm::find_if(node->options,
                              [&](const auto &kv) { return kv.first == key; });
      if (it != node->options.end()) {
        it->second = value.str();
      } else {
        node->options.emplace_back(key.str(), value.str());
      }
    }
  }
}

/// Prints `nodes` as the comma-separated body of a textual pipeline.
static void printNodes(const std::vector<Node> &nodes, llvm::raw_ostream &os) {
  llvm::interleave(
      nodes, os,
      [&](const Node &node) {
        os << node.name;
        if (!node.isPass) {
          os << "(";
          printNodes(node.children, os);
          os << ")";
          return;
        }
        if (node.options.empty()) {
          return;
        }
        os << "{";
        llvm::interleave(
            node.options, os,
            [&](const auto &kv) { os << kv.first << "=" << kv.second; }, " ");
        os << "}";
      },
      ",");
}

} // namespace

//===----------------------------------------------------------------------===//
// Public API
//===----------------------------------------------------------------------===//

FailureOr<SpecSummary> summarizeSpec(SpecSource source,
                                     llvm::raw_ostream &diagnostics) {
  std::unique_ptr<ParsedSpec> parsed = parseSpec(source, diagnostics);
  if (!parsed) {
    return failure();
  }
  SpecSummary summary;
  summary.name = parsed->spec.name();
  summary.description = parsed->spec.description();
  summary.targetArchs.assign(parsed->spec.target_arch().begin(),
                             parsed->spec.target_arch().end());
  return summary;
}

PipelineLoader::PipelineLoader(MLIRContext &context,
                               const registry::Registry &registry,
                               llvm::raw_ostream &diagnostics)
    : context(context), registry(registry), diagnostics(diagnostics) {}

void PipelineLoader::setOverrides(llvm::ArrayRef<std::string> newOverrides) {
  overrides.assign(newOverrides.begin(), newOverrides.end());
}

/// Lowers `source` (or the registered spec it names) with `overrides` applied.
static FailureOr<std::string>
lowerSpecWithOverrides(MLIRContext &context, const registry::Registry &registry,
                       llvm::raw_ostream &os, SpecSource source,
                       std::optional<llvm::StringRef> registeredName,
                       llvm::ArrayRef<std::string> overrides) {
  SpecLowering lowering(context, registry, os);
  std::vector<Node> nodes;
  lowering.lowerSpec(source, registeredName, "builtin.module", nodes);
  if (lowering.hadError()) {
    return failure();
  }
  lowering.applyOverrides(overrides, nodes);
  if (lowering.hadError()) {
    return failure();
  }
  std::string textual;
  llvm::raw_string_ostream textualOs(textual);
  textualOs << "builtin.module(";
  printNodes(nodes, textualOs);
  textualOs << ")";
  return textualOs.str();
}

FailureOr<std::string>
PipelineLoader::lowerToTextualPipeline(SpecSource source) {
  return lowerSpecWithOverrides(context, registry, diagnostics, source,
                                std::nullopt, overrides);
}

FailureOr<std::string>
PipelineLoader::lowerRegisteredToTextualPipeline(llvm::StringRef name) {
  const registry::PipelineInfo *info = registry.lookupPipeline(name);
  if (!info) {
    std::vector<std::string> names;
    for (const registry::PipelineInfo &pipeline : registry.getPipelines()) {
      names.push_back(pipeline.name);
    }
    diagnostics << "unknown pipeline '" << name << "'" << suggest(name, names)
                << "\n";
    return failure();
  }
  return lowerSpecWithOverrides(context, registry, diagnostics,
                                SpecSource{info->text, info->sourceName}, name,
                                overrides);
}

LogicalResult addTextualPipeline(llvm::StringRef textual, OpPassManager &pm,
                                 llvm::raw_ostream &diagnostics) {
  std::string message;
  llvm::raw_string_ostream messageOs(message);
  // Parse the anchored form exactly as `--pass-pipeline` would, then add its
  // body to `pm`.
  FailureOr<OpPassManager> parsed = parsePassPipeline(textual, messageOs);
  if (failed(parsed)) {
    diagnostics << "cannot parse the pipeline '" << textual
                << "': " << llvm::StringRef(messageOs.str()).trim() << "\n";
    return failure();
  }
  if (parsed->getOpAnchorName() != pm.getOpAnchorName()) {
    diagnostics << "the pipeline runs on '" << parsed->getOpAnchorName()
                << "' but the pass manager runs on '" << pm.getOpAnchorName()
                << "'\n";
    return failure();
  }
  llvm::StringRef body = textual.drop_front(parsed->getOpAnchorName().size());
  body = body.drop_front().drop_back(); // The parentheses around the stages.
  if (failed(parsePassPipeline(body, pm, messageOs))) {
    diagnostics << "cannot add the pipeline '" << textual
                << "': " << llvm::StringRef(messageOs.str()).trim() << "\n";
    return failure();
  }
  return success();
}

LogicalResult PipelineLoader::buildPassManager(SpecSource source,
                                               OpPassManager &pm) {
  FailureOr<std::string> textual = lowerToTextualPipeline(source);
  if (failed(textual)) {
    return failure();
  }
  return addTextualPipeline(*textual, pm, diagnostics);
}

LogicalResult PipelineLoader::buildRegisteredPassManager(llvm::StringRef name,
                                                         OpPassManager &pm) {
  FailureOr<std::string> textual = lowerRegisteredToTextualPipeline(name);
  if (failed(textual)) {
    return failure();
  }
  return addTextualPipeline(*textual, pm, diagnostics);
}

} // namespace mlir::vpuc::pipeline
