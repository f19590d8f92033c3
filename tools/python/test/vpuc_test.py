# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Tests of the Python package `vpuc` (//tools/python): compile, run, infer and compare on
tests/models/mlp, the dtypes arrays convert to and from, and the errors.

Run from the workspace root (or the runfiles tree) with the package on PYTHONPATH; see
run_python_test.sh.
"""

import os
import subprocess
import tempfile
import unittest
import warnings

import numpy as np

import vpuc

MLP = "tests/models/mlp"
MODEL = os.path.join(MLP, "model.onnx")


def load_mlp():
    """The model's input and ONNX Runtime's output."""
    return np.load(os.path.join(MLP, "input_0.npy")), np.load(os.path.join(MLP, "output_0.npy"))


class CompileRunTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        with warnings.catch_warnings():
            warnings.simplefilter("error", vpuc.CompileWarning)
            cls.blob = vpuc.compile(MODEL, arch="VPUX37XX", mode="default_hw")
        cls.input, cls.reference = load_mlp()

    def test_blob(self):
        self.assertIsInstance(self.blob, bytes)
        self.assertGreater(len(self.blob), 1024)

    def test_compile_is_deterministic(self):
        self.assertEqual(vpuc.compile(MODEL, "VPUX37XX", mode="default_hw"), self.blob)

    def test_run_matches_onnx_runtime(self):
        outputs = vpuc.run(self.blob, {"input": self.input})
        self.assertEqual(list(outputs), ["output"])
        self.assertEqual(outputs["output"].dtype, np.float32)
        self.assertEqual(outputs["output"].shape, self.reference.shape)
        results = vpuc.compare(outputs, {"output": self.reference}, tolerance=0.999)
        self.assertTrue(results.passed, results)
        self.assertGreaterEqual(results[0].cosine, 0.999)
        self.assertEqual(results[0].name, "output")

    def test_observed_layers(self):
        blob = vpuc.compile(MODEL, "VPUX37XX", mode="default_hw", observe_layers=True)
        outputs = vpuc.run(blob, {"input": self.input})
        self.assertEqual(list(outputs), ["output"])
        plain = vpuc.run(self.blob, {"input": self.input})
        np.testing.assert_array_equal(outputs["output"], plain["output"])
        layers = outputs.layers
        self.assertGreater(len(layers), 1)
        # The last layer computes the network's output.
        last = list(layers.values())[-1]
        self.assertEqual(last.shape, plain["output"].shape)
        np.testing.assert_allclose(last.astype(np.float32), plain["output"], rtol=1e-3,
                                   atol=1e-3)
        self.assertEqual(vpuc.run(self.blob, {"input": self.input}).layers, {})
        some = vpuc.compile(MODEL, "VPUX37XX", mode="default_hw",
                            observe_layers=list(layers)[:1])
        self.assertEqual(list(vpuc.run(some, {"input": self.input}).layers), list(layers)[:1])
        with self.assertRaisesRegex(vpuc.Error, "no layer named 'nosuch'"):
            vpuc.compile(MODEL, "VPUX37XX", mode="default_hw", observe_layers=["nosuch"])

    def test_run_report(self):
        outputs = vpuc.run(self.blob, self.input)  # One array: the only input.
        report = outputs.report
        self.assertTrue(report.completed)
        self.assertEqual(report.problems, [])
        self.assertEqual(report.warnings, [])
        self.assertGreater(report.total_cycles, 0)
        self.assertGreater(outputs.latency_us, 0)
        self.assertAlmostEqual(outputs.latency_us, report.total_cycles / report.frequency_mhz)
        self.assertGreater(report.roofline_ratio, 0)
        self.assertIn("DMA", report.summary)

    def test_run_without_hazard_check_gives_the_same_outputs(self):
        checked = vpuc.run(self.blob, self.input)
        unchecked = vpuc.run(self.blob, self.input, hazard_check=False)
        np.testing.assert_array_equal(checked["output"], unchecked["output"])

    def test_other_arch_and_mode(self):
        blob = vpuc.compile(MODEL, "VPUX30XX")  # reference_sw
        self.assertNotEqual(blob, self.blob)
        outputs = vpuc.run(blob, self.input)
        self.assertTrue(vpuc.compare(outputs, self.reference).passed)

    def test_model_as_bytes(self):
        with open(MODEL, "rb") as f:
            blob = vpuc.compile(f.read(), "VPUX37XX", mode="default_hw")
        self.assertTrue(vpuc.compare(vpuc.run(blob, self.input), self.reference).passed)


def overflow_model():
    """ONNX bytes of y = x * 1000 (node `scale_up`) over a 1x4x2x2 input: beyond FP16 for |x| > 65."""
    from onnx import TensorProto, helper, numpy_helper
    scale = numpy_helper.from_array(np.full((1, 4, 1, 1), 1000.0, np.float32), "scale")
    graph = helper.make_graph(
        [helper.make_node("Mul", ["x", "scale"], ["y"], name="scale_up")], "overflow",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 2, 2])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4, 2, 2])],
        initializer=[scale])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    return model.SerializeToString()


def reshape_model():
    """ONNX bytes of y = Reshape(x, shape) * k with x [2, 6], shape int64 [2] and k [1] inputs."""
    from onnx import TensorProto, helper
    graph = helper.make_graph(
        [helper.make_node("Reshape", ["x", "shape"], ["r"], name="reshape"),
         helper.make_node("Mul", ["r", "k"], ["y"], name="scale")], "reshape",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 6]),
         helper.make_tensor_value_info("shape", TensorProto.INT64, [2]),
         helper.make_tensor_value_info("k", TensorProto.FLOAT, [1])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 4])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)]).SerializeToString()


class FreezeInputsTest(unittest.TestCase):
    """freeze_inputs (`--freeze-input`): a graph input becomes a constant."""

    def setUp(self):
        self.x = np.arange(12, dtype=np.float32).reshape(2, 6) - 5.5
        self.k = np.array([0.5], np.float32)
        self.reference = self.x.reshape(3, 4) * self.k
        self.frozen = {"shape": np.array([3, 4], np.int64)}

    def test_infer(self):
        outputs = vpuc.infer(reshape_model(), {"x": self.x, "k": self.k},
                             freeze_inputs=self.frozen)
        np.testing.assert_array_equal(outputs["y"], self.reference)

    def test_compile_and_run(self):
        blob = vpuc.compile(reshape_model(), "VPUX37XX", freeze_inputs=self.frozen)
        outputs = vpuc.run(blob, {"x": self.x, "k": self.k})
        np.testing.assert_allclose(outputs["y"], self.reference, rtol=1e-3)
        with self.assertRaisesRegex(vpuc.Error, "'shape' is not a network input \\(inputs: x, k\\)"):
            vpuc.run(blob, {"x": self.x, "k": self.k, "shape": self.frozen["shape"]})

    def test_errors(self):
        with self.assertRaisesRegex(vpuc.Error, "must be known at import time .* bind graph "
                                    "input 'shape' with --freeze-input shape=FILE.npy"):
            vpuc.infer(reshape_model(), {"x": self.x, "k": self.k, "shape": np.ones(2, np.int64)})
        with self.assertRaisesRegex(vpuc.Error, "frozen input 'shape' \\(an array\\): the value's "
                                    "element type int32 is not the element type int64"):
            vpuc.compile(reshape_model(), "VPUX37XX",
                         freeze_inputs={"shape": np.array([3, 4], np.int32)})
        with self.assertRaisesRegex(vpuc.Error, "frozen input 'z' \\(an array\\) is not an input "
                                    "of the model \\(its inputs: 'x', 'shape', 'k'\\)"):
            vpuc.infer(reshape_model(), {"x": self.x, "k": self.k}, freeze_inputs={"z": self.k})
        with self.assertRaises(TypeError):
            vpuc.infer(reshape_model(), {"x": self.x, "k": self.k}, freeze_inputs=[self.k])


class NumericsTest(unittest.TestCase):
    """The emulator's numerics check: a warning, an error, or nothing."""

    @classmethod
    def setUpClass(cls):
        cls.blob = vpuc.compile(overflow_model(), "VPUX37XX")  # reference_sw
        cls.input = np.linspace(-1, 1, 16, dtype=np.float32).reshape(1, 4, 2, 2)
        cls.input[0, 1, 0, 1] = 100.0

    def test_warning_by_default(self):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            outputs = vpuc.run(self.blob, self.input)
        self.assertEqual(len(caught), 1)
        self.assertIs(caught[0].category, vpuc.NumericsWarning)
        self.assertIn("'scale_up'", str(caught[0].message))
        self.assertEqual(outputs.report.problems, [])
        (warning,) = outputs.report.warnings
        self.assertRegex(warning, r"^warning: \[numerics\] .*'scale_up'.* 1 element is \+-Inf")
        self.assertEqual(outputs["y"][0, 1, 0, 1], np.inf)

    def test_error_and_off(self):
        with self.assertRaisesRegex(vpuc.Error, r"error: \[numerics\] .*'scale_up'"):
            vpuc.run(self.blob, self.input, numerics="error")
        with warnings.catch_warnings():
            warnings.simplefilter("error", vpuc.NumericsWarning)
            outputs = vpuc.run(self.blob, self.input, numerics="off")
            self.assertEqual(outputs.report.warnings, [])
            vpuc.run(self.blob, self.input / 10, numerics="error")
        with self.assertRaisesRegex(vpuc.Error, "numerics must be 'warn', 'error' or 'off'"):
            vpuc.run(self.blob, self.input, numerics="strict")


class InferTest(unittest.TestCase):

    def test_infer_matches_onnx_runtime(self):
        data, reference = load_mlp()
        for inputs in ({"input": data}, data):
            outputs = vpuc.infer(MODEL, inputs)
            self.assertEqual(list(outputs), ["output"])
            results = vpuc.compare(outputs, reference, tolerance=0.99999)
            self.assertTrue(results.passed, results)

    def test_infer_runs_compiled_ir(self):
        # IR that `vpuc compile` wrote at the VPU level, with the target on the module.
        data, reference = load_mlp()
        with tempfile.TemporaryDirectory() as tmp:
            ir = os.path.join(tmp, "mlp_vpu.mlir")
            subprocess.run([
                "tools/vpuc/vpuc", "compile", MODEL, "--arch", "VPUX37XX", "--pipeline",
                "tools/vpuc/test/Inputs/compile_to_vpu.textproto", "--emit=mlir", "-o", ir,
                "--quiet"
            ], check=True)
            outputs = vpuc.infer(ir, data)
        results = vpuc.compare(outputs, reference, tolerance=0.999)
        self.assertTrue(results.passed, results)

    def test_dtypes(self):
        """Each output of dtypes.mlir is its input plus one, in the input's dtype."""
        inputs = {
            "f32": np.arange(6, dtype=np.float32).reshape(2, 3) / 4,
            "f16": (np.arange(6) / 8).astype(np.float16).reshape(2, 3),
            "i8": np.array([[-128, -1, 0], [1, 2, 126]], np.int8),
            "u8": np.array([[0, 1, 2], [3, 100, 254]], np.uint8),
            "i32": np.array([[-5, 0, 5], [1 << 20, 7, -(1 << 20)]], np.int32),
            "i64": np.array([[-(1 << 20), 0, 5], [1 << 20, 7, -3]], np.int64),
        }
        outputs = vpuc.infer("tools/python/test/dtypes.mlir", inputs)
        self.assertEqual(list(outputs), [name + "_out" for name in inputs] + ["i64_same"])
        for name, array in inputs.items():
            result = outputs[name + "_out"]
            self.assertEqual(result.dtype, array.dtype, name)
            np.testing.assert_array_equal(result, array + array.dtype.type(1), name)
        # Values beyond 32 bits survive both conversions (the interpreter computes in float32:
        # these are exact in it).
        large = np.array([[-(1 << 62), -1, 0], [1 << 40, 3 << 40, 1 << 62]], np.int64)
        outputs = vpuc.infer("tools/python/test/dtypes.mlir", dict(inputs, i64=large))
        self.assertEqual(outputs["i64_same"].dtype, np.int64)
        np.testing.assert_array_equal(outputs["i64_same"], large)
        with self.assertRaisesRegex(vpuc.Error, "missing input 'f16'"):
            vpuc.infer("tools/python/test/dtypes.mlir", {"f32": inputs["f32"]})

    def test_non_contiguous_and_big_endian_inputs(self):
        data, reference = load_mlp()
        strided = np.repeat(data, 2, axis=1)[:, ::2]
        self.assertFalse(strided.flags["C_CONTIGUOUS"])
        big_endian = data.astype(">f4")
        for inputs in (strided, big_endian):
            self.assertTrue(vpuc.compare(vpuc.infer(MODEL, inputs), reference).passed)


class CompareTest(unittest.TestCase):

    def test_metrics_and_tolerances(self):
        reference = np.linspace(-1, 1, 100, dtype=np.float32)
        actual = reference + np.float32(0.01)
        (result,) = vpuc.compare(actual, reference, tolerance=0.999)
        self.assertTrue(result.passed)
        self.assertAlmostEqual(result.max_abs_error, 0.01, places=6)
        self.assertAlmostEqual(result.reference_range, 2.0, places=6)
        self.assertEqual(result.shape, (100,))
        self.assertFalse(vpuc.compare(actual, reference, max_abs_rel_range=1e-3).passed)
        self.assertTrue(vpuc.compare(actual, reference, max_abs_rel_range=1e-2).passed)
        self.assertFalse(vpuc.compare(actual, reference, tolerance=(0.999, 0.9999)).passed)
        self.assertTrue(vpuc.compare(actual, reference, tolerance="0.999,0.98").passed)
        self.assertFalse(vpuc.compare(-actual, reference).passed)

    def test_missing_and_misshaped_tensors_raise(self):
        ones = np.ones(3, np.float32)
        with self.assertRaisesRegex(vpuc.Error, "lack the reference's 'b'"):
            vpuc.compare({"a": ones}, {"a": ones, "b": ones})
        with self.assertRaises(vpuc.Error):
            vpuc.compare({"a": ones}, {"a": np.ones(4, np.float32)})

    def test_integer_actual(self):
        reference = np.arange(-8, 8, dtype=np.float32)
        self.assertTrue(vpuc.compare(reference.astype(np.int8), reference, tolerance=1.0).passed)

    def test_tensors_by_name(self):
        a, b = np.ones(4, np.float32), np.arange(4, dtype=np.float32)
        results = vpuc.compare({"b": b, "a": a}, {"a": a, "b": b})
        self.assertEqual([r.name for r in results], ["a", "b"])
        self.assertTrue(results.passed)
        with self.assertRaisesRegex(vpuc.Error, "'c'"):
            vpuc.compare({"a": a, "b": b}, {"a": a, "c": b})


class ErrorTest(unittest.TestCase):

    def test_missing_model(self):
        with self.assertRaisesRegex(vpuc.Error, "no/such/model.onnx: no such file"):
            vpuc.compile("no/such/model.onnx", "VPUX37XX")
        with self.assertRaisesRegex(vpuc.Error, "no such file"):
            vpuc.infer("no/such/model.onnx", np.zeros(3, np.float32))

    def test_unknown_format(self):
        with self.assertRaisesRegex(vpuc.Error, "expected a .onnx or .mlir file"):
            vpuc.compile("model.txt", "VPUX37XX")

    def test_unknown_arch(self):
        with self.assertRaises(vpuc.Error) as raised:
            vpuc.compile(MODEL, "VPUX99XX")
        message = str(raised.exception)
        self.assertIn("unknown target 'VPUX99XX'", message)
        self.assertIn("VPUX30XX, VPUX37XX", message)

    def test_unknown_mode(self):
        with self.assertRaisesRegex(vpuc.Error, "unknown mode 'fast'; the modes are: .*default_hw"):
            vpuc.compile(MODEL, "VPUX37XX", mode="fast")

    def test_pipeline_and_mode(self):
        with self.assertRaisesRegex(vpuc.Error, "not both"):
            vpuc.compile(MODEL, "VPUX37XX", mode="default_hw", pipeline="spec.textproto")
        with self.assertRaisesRegex(vpuc.Error, "spec.textproto: cannot read the file"):
            vpuc.compile(MODEL, "VPUX37XX", pipeline="spec.textproto")

    def test_bad_model_bytes_carry_the_diagnostics(self):
        with self.assertRaisesRegex(vpuc.Error, "(?s)cannot import .*error: not an ONNX model"):
            vpuc.compile(b"not a model", "VPUX37XX")

    def test_bad_inputs(self):
        blob = vpuc.compile(MODEL, "VPUX37XX")
        data, _ = load_mlp()
        with self.assertRaisesRegex(vpuc.Error, "no array for network input 'input'"):
            vpuc.run(blob, {"x": data})
        with self.assertRaisesRegex(vpuc.Error, "unsupported dtype complex64"):
            vpuc.run(blob, data.astype(np.complex64))
        with self.assertRaises(TypeError):
            vpuc.run(blob, [data])

    def test_not_a_blob(self):
        with self.assertRaisesRegex(vpuc.Error, "not a vpuc blob"):
            vpuc.run(b"\0" * 64, np.zeros(3, np.float32))

    def test_bad_model_type(self):
        with self.assertRaises(TypeError):
            vpuc.compile(42, "VPUX37XX")

    def test_error_is_an_exception(self):
        self.assertTrue(issubclass(vpuc.Error, Exception))
        self.assertEqual(vpuc.Error.__module__, "vpuc")


class ListingTest(unittest.TestCase):

    def test_archs_and_modes(self):
        self.assertEqual(vpuc.archs(), ["VPUX30XX", "VPUX37XX"])
        self.assertEqual(sorted(vpuc.modes()), ["default_hw", "reference_hw", "reference_sw"])


if __name__ == "__main__":
    unittest.main()
