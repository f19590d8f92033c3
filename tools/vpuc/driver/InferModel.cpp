//===- InferModel.cpp - A model run by the IE interpreter in memory -------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// inferModel: `vpuc infer` on arrays instead of .npz/.npy files.
//
//===----------------------------------------------------------------------===//

#include "dialects/ie/interpreter/Interpreter.h"
#include "dialects/ie/interpreter/TensorConversion.h"
#include "mlir/IR/MLIRContext.h"
#include "tools/vpuc/driver/Capture.h"
#include "tools/vpuc/driver/Driver.h"
#include "tools/vpuc/driver/Pipeline.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::vpuc::driver {

llvm::Expected<npy::ArrayMap> inferModel(const ModelSource &model,
                                         const npy::ArrayMap &inputs,
                                         bool positional,
                                         const registry::Registry &registry) {
  std::unique_ptr<MLIRContext> owned = createContext(registry);
  MLIRContext &context = *owned;
  DiagnosticCapture capture(context);

  llvm::Expected<OwningOpRef<ModuleOp>> module =
      importModel(context, capture, model);
  if (!module) {
    return module.takeError();
  }
  FailureOr<IE::Interpreter> interpreter = IE::Interpreter::create(**module);
  if (failed(interpreter)) {
    return capture.makeError("cannot run " + model.path);
  }
  llvm::ArrayRef<IE::NetworkTensorInfo> infos = interpreter->getInputs();
  npy::ArrayMap named;
  if (positional) {
    if (infos.size() != 1 || inputs.size() != 1) {
      std::vector<std::string> names;
      for (const IE::NetworkTensorInfo &info : infos) {
        names.push_back("'" + info.name + "'");
      }
      return makeError("one array feeds a one-input network, but the network "
                       "has " +
                       llvm::Twine(infos.size()) + " inputs (" +
                       llvm::join(names, ", ") + "); give them by name");
    }
    named.insert({infos.front().name, inputs.begin()->second});
  }
  llvm::Expected<IE::HostTensorMap> tensors =
      IE::convertInputs(positional ? named : inputs, infos);
  if (!tensors) {
    return makeError("inputs: " + llvm::toString(tensors.takeError()));
  }
  FailureOr<IE::HostTensorMap> results = interpreter->run(*tensors);
  if (failed(results)) {
    return capture.makeError("the interpreter failed on " + model.path);
  }
  return IE::convertOutputs(*results, interpreter->getOutputs());
}

} // namespace mlir::vpuc::driver
