# Part of vpuc. SPDX-License-Identifier: Apache-2.0
#
# The build installs this file as vpuc/__init__.py next to the extension module vpuc/_vpuc.so
# (//tools/python:vpuc); see docs/python.md.
"""vpuc: compile ONNX models for VPU-class accelerators and run the blobs on the emulator.

The functions mirror the `vpuc` command line and call the same C++ code:

    import numpy as np
    import vpuc

    blob = vpuc.compile("tests/models/mlp/model.onnx", arch="VPUX37XX", mode="default_hw")
    outputs = vpuc.run(blob, {"input": np.load("tests/models/mlp/input_0.npy")})
    print(outputs.latency_us, vpuc.compare(outputs, reference).passed)

Arrays are NumPy arrays of float32, float16, int8, uint8, int16, uint16, int32, uint32, int64,
uint64, float64 or bool. Every failure raises `vpuc.Error`, whose message holds the compiler's
diagnostics.
"""

import dataclasses
import os
import warnings
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from . import _vpuc
from ._vpuc import Error

Error.__module__ = __name__

__all__ = [
    "CompileWarning",
    "CompareResults",
    "Error",
    "NumericsWarning",
    "RunOutputs",
    "RunReport",
    "TensorComparison",
    "archs",
    "compare",
    "compile",
    "infer",
    "modes",
    "run",
]

#: The name a model given as bytes has in diagnostics.
_BYTES_MODEL_NAME = "<bytes>.onnx"

Model = Union[str, os.PathLike, bytes]
Arrays = Union[Mapping[str, np.ndarray], np.ndarray]


class CompileWarning(UserWarning):
    """The warnings a compilation printed."""


class NumericsWarning(UserWarning):
    """The findings of the emulator's numerics check: tasks that made NaN or Inf from finite
    inputs, or saturated FP16 (run() with numerics="warn")."""


def _model(model: Model) -> Tuple[str, Optional[bytes]]:
    """(path, bytes) of a model given by path (str or os.PathLike) or as serialized ONNX bytes."""
    if isinstance(model, (bytes, bytearray, memoryview)):
        return _BYTES_MODEL_NAME, bytes(model)
    if isinstance(model, (str, os.PathLike)):
        return os.fsdecode(model), None
    raise TypeError("model: expected a path (str or os.PathLike) or the ONNX model's bytes, not "
                    + type(model).__name__)


def _array(value) -> np.ndarray:
    """`value` as a C-contiguous array in native byte order."""
    array = np.asarray(value)
    if not array.dtype.isnative:
        array = array.astype(array.dtype.newbyteorder("="))
    return np.ascontiguousarray(array)


def _arrays(arrays: Arrays, what: str) -> Tuple[Dict[str, np.ndarray], bool]:
    """({name: array}, positional): one bare array is positional (it feeds the only input)."""
    if isinstance(arrays, Mapping):
        return {str(name): _array(value) for name, value in arrays.items()}, False
    if isinstance(arrays, np.ndarray):
        return {"0": _array(arrays)}, True
    raise TypeError(what + ": expected a dict of NumPy arrays by name, or one NumPy array, not "
                    + type(arrays).__name__)


def _frozen(freeze_inputs: Optional[Mapping[str, np.ndarray]]) -> Dict[str, np.ndarray]:
    """The frozen inputs {name: array} (freeze_inputs of compile() and infer())."""
    if freeze_inputs is None:
        return {}
    if not isinstance(freeze_inputs, Mapping):
        raise TypeError("freeze_inputs: expected a dict of NumPy arrays by input name, not "
                        + type(freeze_inputs).__name__)
    return {str(name): _array(value) for name, value in freeze_inputs.items()}


def archs() -> List[str]:
    """The built-in targets (e.g. ["VPUX30XX", "VPUX37XX"])."""
    return _vpuc.archs()


def modes() -> List[str]:
    """The compilation modes (e.g. ["default_hw", "reference_hw", "reference_sw"])."""
    return _vpuc.modes()


def compile(model: Model,
            arch: str,
            mode: str = "reference_sw",
            pipeline: Optional[Union[str, os.PathLike]] = None,
            pipeline_options: Sequence[str] = (),
            input_shapes: Sequence[str] = (),
            observe_layers: Union[bool, Sequence[str]] = False,
            freeze_inputs: Optional[Mapping[str, np.ndarray]] = None) -> bytes:
    """Compiles a model into a blob for `arch`, like `vpuc compile`.

    Args:
      model: the path of an ONNX (.onnx) or IE IR (.mlir) model, or an ONNX model's bytes.
      arch: a built-in target (see archs()) or the path of a .textproto target description.
      mode: the compilation mode (see modes()).
      pipeline: the path of a pipeline spec (.textproto) to run instead of the mode.
      pipeline_options: overrides of pass options, each "pass-name.option=value".
      input_shapes: static shapes of ONNX inputs, each "name=DxDx...".
      observe_layers: keep the outputs of every layer (True) or of the layers named (ONNX node
        names) as extra outputs of the blob, which run() returns as `layers`, like
        `vpuc compile --observe-layers`.
      freeze_inputs: ONNX inputs replaced by these constants (arrays by input name), which are
        then no inputs of the blob, like `vpuc compile --freeze-input`.

    Returns:
      The blob's bytes. Warnings of the compiler are issued as CompileWarning.
    """
    path, data = _model(model)
    spec = ""
    if pipeline is not None:
        if mode not in (None, "", "reference_sw"):
            raise Error("give a mode or a pipeline file, not both (mode='%s')" % mode)
        spec, mode = os.fsdecode(pipeline), ""
    if isinstance(observe_layers, bool):
        layers = ["*"] if observe_layers else []
    elif isinstance(observe_layers, str):
        raise Error("observe_layers takes True or a list of layer names, not the string '%s'" %
                    observe_layers)
    else:
        layers = list(observe_layers)
    blob, printed = _vpuc.compile(path, data, arch, mode or "", spec, list(pipeline_options),
                                  list(input_shapes), _frozen(freeze_inputs), layers)
    if printed:
        warnings.warn(printed.rstrip(), CompileWarning, stacklevel=2)
    return blob


@dataclasses.dataclass
class RunReport:
    """What the emulator measured and found in one run."""

    #: The estimated latency in microseconds at the target's frequency.
    latency_us: float
    total_cycles: float
    frequency_mhz: float
    #: The roofline's lower bound over the latency (1: the run reaches the bound).
    roofline_ratio: float
    #: Every task ran.
    completed: bool
    #: The problems found ("error: [kind] message" lines): hazards, barrier misuse, deadlock, ...
    problems: List[str]
    #: The warnings ("warning: [kind] message" lines): the numerics check's findings, unless
    #: run() made them problems (numerics="error").
    warnings: List[str]
    #: The timing summary `vpuc run` prints.
    summary: str


class RunOutputs(dict):
    """The outputs of a run by name, with the run's `report` (and its `latency_us`) and the
    outputs of the layers the blob observes (`layers`, by layer name in network order)."""

    report: RunReport
    layers: Dict[str, np.ndarray]

    @property
    def latency_us(self) -> float:
        return self.report.latency_us


def run(blob: bytes,
        inputs: Arrays,
        hazard_check: bool = True,
        arch: Optional[str] = None,
        check: bool = True,
        numerics: str = "warn") -> RunOutputs:
    """Runs a blob on the emulator, like `vpuc run`.

    Args:
      blob: the blob's bytes (from compile()).
      inputs: the network inputs by name, or one array for the first input.
      hazard_check: track every memory access for races and uninitialised reads.
      arch: run on this target instead of the blob's own.
      check: raise Error when the emulator found problems in the blob (the error's `outputs`
        holds the outputs of a completed run); with False, the problems are in the report.
      numerics: the numerics check of every task's results (NaN or Inf from finite inputs,
        FP16 saturation): "warn" issues its findings as one NumericsWarning (and lists them in
        the report's `warnings`), "error" makes them problems (as `vpuc run --strict-numerics`),
        "off" skips the check.

    Returns:
      The outputs by name (a dict) with the `report` of the run and its `latency_us`.
    """
    arrays, positional = _arrays(inputs, "inputs")
    result = _vpuc.run(bytes(blob), arrays, positional, hazard_check, numerics, arch or "")
    outputs = RunOutputs(result.pop("outputs"))
    outputs.layers = result.pop("layers")
    outputs.report = RunReport(**result)
    if outputs.report.warnings:
        warnings.warn("\n".join(outputs.report.warnings), NumericsWarning, stacklevel=2)
    if check and outputs.report.problems:
        problems = outputs.report.problems
        error = Error("the emulator found %d problem%s in the blob:\n%s" %
                      (len(problems), "" if len(problems) == 1 else "s", "\n".join(problems)))
        error.outputs = outputs
        raise error
    return outputs


def infer(model: Model, inputs: Arrays, input_shapes: Sequence[str] = (),
          freeze_inputs: Optional[Mapping[str, np.ndarray]] = None) -> Dict[str, np.ndarray]:
    """Runs a model (path or ONNX bytes) with the IE reference interpreter, like `vpuc infer`.

    `inputs` are the network inputs by name, or one array for a one-input network;
    `freeze_inputs` ONNX inputs replaced by constants (`--freeze-input`), which `inputs` then
    does not give. Returns the outputs by name.
    """
    path, data = _model(model)
    arrays, positional = _arrays(inputs, "inputs")
    return _vpuc.infer(path, data, list(input_shapes), _frozen(freeze_inputs), arrays,
                       positional)


@dataclasses.dataclass
class TensorComparison:
    """One tensor compared with its reference, as `vpuc compare` prints it."""

    name: str
    actual_name: str
    shape: Tuple[int, ...]
    cosine: float
    euclidean: float
    max_abs_error: float
    reference_abs_max: float
    reference_range: float
    num_elements: int
    similar: bool
    abs_error_within_limit: bool
    abs_error_limit: Optional[float]
    passed: bool


class CompareResults(list):
    """The TensorComparison of every reference tensor; `passed` when all passed."""

    @property
    def passed(self) -> bool:
        return all(item.passed for item in self)


def compare(actual: Arrays,
            reference: Arrays,
            tolerance: Union[float, Tuple[float, float], str] = 0.999,
            max_abs_rel_range: Optional[float] = None) -> CompareResults:
    """Compares tensors with references, like `vpuc compare`.

    Every reference tensor is compared with the actual tensor of the same name; when both hold
    one tensor (or are bare arrays) they are compared whatever their names.

    Args:
      tolerance: the minimum cosine similarity, a (cosine, euclidean) pair, or "COS[,EUCLID]".
      max_abs_rel_range: also fail a tensor whose max abs error exceeds this fraction of the
        reference's range (max - min).
    """
    if isinstance(tolerance, str):
        text = tolerance
    elif isinstance(tolerance, tuple):
        text = ",".join(repr(float(value)) for value in tolerance)
    else:
        text = repr(float(tolerance))
    actual_arrays, actual_bare = _arrays(actual, "actual")
    reference_arrays, reference_bare = _arrays(reference, "reference")
    # A bare array takes the name of the other side's only tensor.
    if reference_bare and not actual_bare and len(actual_arrays) == 1:
        reference_arrays = {next(iter(actual_arrays)): reference_arrays["0"]}
    if actual_bare and not reference_bare and len(reference_arrays) == 1:
        actual_arrays = {next(iter(reference_arrays)): actual_arrays["0"]}
    return CompareResults(
        TensorComparison(**item) for item in _vpuc.compare(
            actual_arrays, reference_arrays, text,
            None if max_abs_rel_range is None else float(max_abs_rel_range)))
