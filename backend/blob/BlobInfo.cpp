//===- BlobInfo.cpp - Human-readable blob summaries -----------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "backend/blob/BlobInfo.h"

#include <map>
#include <optional>
#include <set>

#include "backend/blob/TensorLayout.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::blob {

/// "f16 1x3x4x5 NCHW (120 bytes)".
static std::string describeType(const schema::TensorType &type) {
  llvm::Expected<TensorLayout> layout = getTensorLayout(type, "");
  if (!layout) {
    // loadBlob checked every layout.
    llvm::consumeError(layout.takeError());
    return "?";
  }
  std::string text =
      layout->describe() + " (" + std::to_string(layout->spanBytes) + " bytes)";
  if (const schema::QuantParams *quant = type.quant()) {
    text += quant->axis() < 0
                ? " quant scale " + std::to_string(quant->scales()->Get(0))
                : " quant per axis " + std::to_string(quant->axis());
  }
  return text;
}

/// "1 task", "2 tasks".
static std::string count(uint64_t n, llvm::StringRef noun) {
  return std::to_string(n) + " " + noun.str() + (n == 1 ? "" : "s");
}

static std::string describeTensor(const schema::Blob &blob, uint32_t index) {
  const schema::TensorReference &ref = *blob.tensors()->Get(index);
  std::string text = "tensor " + std::to_string(index);
  if (ref.name() && ref.name()->size() > 0) {
    text += " '" + ref.name()->str() + "'";
  }
  return text + " " + getRegionName(ref.location(), ref.location_index()) +
         "@" + std::to_string(ref.offset()) + " " + describeType(*ref.type());
}

static std::string list(const flatbuffers::Vector<uint32_t> *values) {
  std::string text = "[";
  if (values) {
    for (uint32_t i = 0; i < values->size(); ++i) {
      text += (i ? ", " : "") + std::to_string(values->Get(i));
    }
  }
  return text + "]";
}

void printBlobInfo(const BlobFile &file, llvm::raw_ostream &os, bool tasks) {
  const schema::Blob &blob = file.get();
  const schema::Header &header = *blob.header();
  const schema::Resources &resources = *header.resources();
  os << "schema " << header.version()->major() << "."
     << header.version()->minor() << ", arch " << header.arch()->str() << ", "
     << file.getBytes().size() << " bytes\n";
  if (header.name() && header.name()->size() > 0) {
    os << "network: " << header.name()->str() << "\n";
  }
  if (header.generator() && header.generator()->size() > 0) {
    os << "generator: " << header.generator()->str() << "\n";
  }
  if (header.network_macs()) {
    os << "network MACs:";
    for (const schema::MacCount *count : *header.network_macs()) {
      os << " " << count->macs() << " " << count->element_type()->str();
    }
    os << "\n";
  }
  if (std::optional<uint64_t> bytes = header.network_weight_bytes()) {
    os << "network weights: " << *bytes << " bytes\n";
  }
  os << "resources: " << count(resources.clusters(), "cluster") << ", "
     << count(resources.shaves(), "SHAVE") << ", "
     << count(resources.dma_ports(), "DMA port") << ", "
     << count(resources.barriers(), "barrier") << ", DDR scratch "
     << resources.ddr_scratch_bytes() << " bytes, CMX " << resources.cmx_bytes()
     << " bytes per cluster\n";
  auto printIOs = [&](llvm::StringRef title, const auto *ios) {
    size_t size = ios ? ios->size() : 0;
    os << title << ": " << size << "\n";
    for (size_t i = 0; i < size; ++i) {
      const schema::NetworkIO &io = *ios->Get(i);
      os << "  " << i << " '" << io.name()->str()
         << "': " << describeType(*io.type()) << "\n";
    }
  };
  printIOs("inputs", header.inputs());
  printIOs("outputs", header.outputs());
  uint64_t kernelBytes = 0;
  size_t numKernelData = blob.kernel_data() ? blob.kernel_data()->size() : 0;
  for (size_t k = 0; k < numKernelData; ++k) {
    kernelBytes += blob.kernel_data()->Get(k)->data()->size();
  }
  os << "constants: " << (blob.constants() ? blob.constants()->size() : 0)
     << " bytes\n";
  os << "kernel data: " << count(numKernelData, "buffer") << ", " << kernelBytes
     << " bytes\n";
  if (blob.act_kernels() && blob.act_kernels()->size() > 0) {
    std::set<std::string> names;
    for (const schema::ActKernel *kernel : *blob.act_kernels()) {
      names.insert(kernel->name()->str());
    }
    os << "act kernels: " << llvm::join(names, ", ") << " ("
       << count(blob.act_invocations() ? blob.act_invocations()->size() : 0,
                "invocation")
       << ")\n";
  }
  os << "tensors: " << (blob.tensors() ? blob.tensors()->size() : 0) << "\n";
  std::set<uint32_t> physical;
  size_t numBarriers = blob.barriers() ? blob.barriers()->size() : 0;
  for (size_t b = 0; b < numBarriers; ++b) {
    physical.insert(blob.barriers()->Get(b)->physical_id());
  }
  os << "barriers: " << numBarriers << " virtual on " << physical.size()
     << " physical\n";
  size_t numLists = blob.task_lists() ? blob.task_lists()->size() : 0;
  size_t total = 0;
  for (size_t l = 0; l < numLists; ++l) {
    total += blob.task_lists()->Get(l)->tasks()->size();
  }
  os << "task lists: " << numLists << ", " << count(total, "task") << "\n";
  for (size_t l = 0; l < numLists; ++l) {
    const schema::TaskList &taskList = *blob.task_lists()->Get(l);
    os << "  " << getExecutorName(taskList) << ": "
       << count(taskList.tasks()->size(), "task") << "\n";
    if (!tasks) {
      continue;
    }
    for (uint32_t t = 0; t < taskList.tasks()->size(); ++t) {
      const schema::Task &task = *taskList.tasks()->Get(t);
      os << "    " << t;
      if (task.location() && task.location()->size() > 0) {
        os << " '" << task.location()->str() << "'";
      }
      os << " wait " << list(task.wait_barriers()) << " update "
         << list(task.update_barriers()) << ": ";
      switch (task.kind_type()) {
      case schema::TaskKind::DmaTask: {
        const schema::DmaTask &dma = *task.kind_as_DmaTask();
        os << "DMA " << describeTensor(blob, dma.src()) << " -> "
           << describeTensor(blob, dma.dst());
        if (const auto *broadcast = dma.broadcast()) {
          for (uint32_t copy : *broadcast) {
            os << ", " << describeTensor(blob, copy);
          }
        }
        break;
      }
      case schema::TaskKind::ActKernelTask: {
        uint32_t index = task.kind_as_ActKernelTask()->invocation();
        const schema::ActKernelInvocation &invocation =
            *blob.act_invocations()->Get(index);
        os << "ActKernel '"
           << blob.act_kernels()->Get(invocation.kernel())->name()->str()
           << "' invocation " << index << " (args " << invocation.data()->size()
           << " bytes in kernel data " << invocation.data()->buffer() << ")";
        if (const auto *relocations = invocation.relocations()) {
          for (const schema::ActRelocation *relocation : *relocations) {
            os << "\n        @" << relocation->descriptor() << " <- "
               << describeTensor(blob, relocation->tensor());
          }
        }
        break;
      }
      case schema::TaskKind::UpaLayerTask: {
        const schema::UpaLayerTask &upa = *task.kind_as_UpaLayerTask();
        os << "UPALayer '" << upa.kernel()->str() << "' on " << upa.max_shaves()
           << " SHAVEs";
        if (upa.params_type() != schema::UpaParams::NONE) {
          os << " with " << schema::EnumNameUpaParams(upa.params_type());
        }
        for (uint32_t index : *upa.inputs()) {
          os << "\n        in  " << describeTensor(blob, index);
        }
        for (uint32_t index : *upa.outputs()) {
          os << "\n        out " << describeTensor(blob, index);
        }
        break;
      }
      case schema::TaskKind::NceClusterTask: {
        const schema::NceClusterTask &nce = *task.kind_as_NceClusterTask();
        const schema::NceInvariant &inv = *nce.invariant();
        os << "NCE " << getNceTaskTypeName(inv.task_type()) << " kernel "
           << inv.kernel_h() << "x" << inv.kernel_w() << " stride "
           << inv.stride_h() << "x" << inv.stride_w() << " pad ["
           << inv.pad_top() << ", " << inv.pad_bottom() << ", "
           << inv.pad_left() << ", " << inv.pad_right() << "]";
        if (nce.ppe()) {
          os << " ppe " << schema::EnumNamePpeMode(nce.ppe()->mode());
        }
        os << ", " << count(nce.variants()->size(), "variant");
        auto operand = [&](const char *name, uint32_t index) {
          if (index != kNoTensor) {
            os << "\n        " << name << " " << describeTensor(blob, index);
          }
        };
        operand("in     ", inv.input());
        operand("in2    ", inv.input2());
        operand("weights", inv.weights());
        operand("wtable ", inv.weights_table());
        operand("out    ", inv.output());
        for (const schema::DpuVariant *v : *nce.variants()) {
          os << "\n        dpu " << v->dpu() << " "
             << schema::EnumNameMpeMode(v->mpe_mode()) << " [" << v->start_x()
             << ", " << v->start_y() << ", " << v->start_z() << "] to ["
             << v->end_x() << ", " << v->end_y() << ", " << v->end_z() << "]";
        }
        break;
      }
      default:
        os << getTaskKindName(task.kind_type());
        break;
      }
      os << "\n";
    }
  }
}

} // namespace mlir::vpuc::blob
