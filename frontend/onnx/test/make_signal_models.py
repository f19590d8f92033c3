#!/usr/bin/python3
# Part of vpuc. SPDX-License-Identifier: Apache-2.0
"""Writes the models of the signal-processing ops (signal.test, frontend/onnx/Signal.cpp).

Usage: make_signal_models.py OUT_DIR

signal_generators, signal_dft and signal_stft also get OUT_DIR/<name>.npz, holding their inputs
(`in_<input name>`) and the outputs of NumPy implementations of the ONNX operators
(`out_<output name>`): NumPy's window functions and numpy.fft, independent of the importer's
formulas. seq_numerics_test compares them with the IE reference interpreter.
"""

import os

import numpy as np
from onnx import TensorProto, helper, numpy_helper

from model_utils import F16, F32, I64, main, model, vi


def scalar(name, value, dtype=np.int64):
    return numpy_helper.from_array(np.array(value, dtype), name)


def signal_generators():
    inits = [scalar("s10", 10), scalar("s7", 7), scalar("s16", 16), scalar("mel8", 8),
             scalar("dft16", 16), scalar("rate8192", 8192),
             scalar("lo0", 0.0, np.float32), scalar("hi4096", 4096.0, np.float32),
             scalar("mel10", 10), scalar("dft64", 64, np.int32), scalar("rate16k", 16000),
             scalar("lo20", 20.0, np.float32), scalar("hi7k", 7000.0, np.float32)]
    nodes = [
        helper.make_node("HannWindow", ["s10"], ["hann"], name="hann"),
        helper.make_node("HannWindow", ["s7"], ["hann_sym"], name="hann_sym", periodic=0),
        helper.make_node("HammingWindow", ["s10"], ["hamming"], name="hamming"),
        helper.make_node("HammingWindow", ["s7"], ["hamming_sym"], name="hamming_sym",
                         periodic=0),
        helper.make_node("BlackmanWindow", ["s16"], ["blackman"], name="blackman"),
        helper.make_node("BlackmanWindow", ["s7"], ["blackman_sym"], name="blackman_sym",
                         periodic=0),
        helper.make_node("MelWeightMatrix", ["mel8", "dft16", "rate8192", "lo0", "hi4096"],
                         ["mel"], name="mel"),
        helper.make_node("MelWeightMatrix", ["mel10", "dft64", "rate16k", "lo20", "hi7k"],
                         ["mel_speech"], name="mel_speech"),
    ]
    outputs = [vi("hann", F32, [10]), vi("hann_sym", F32, [7]), vi("hamming", F32, [10]),
               vi("hamming_sym", F32, [7]), vi("blackman", F32, [16]),
               vi("blackman_sym", F32, [7]), vi("mel", F32, [9, 8]),
               vi("mel_speech", F32, [33, 10])]
    return model(nodes, [], outputs, inits, opset=17)


def mel_weight_matrix(num_mel_bins, dft_length, sample_rate, lower_hz, upper_hz):
    """The triangular mel filter bank as the ONNX operator's reference defines it."""
    def to_mel(f):
        return 2595.0 * np.log10(1.0 + f / 700.0)

    points = to_mel(lower_hz) + np.arange(num_mel_bins + 2) * (
        (to_mel(upper_hz) - to_mel(lower_hz)) / (num_mel_bins + 2))
    hertz = 700.0 * (10.0 ** (points / 2595.0) - 1.0)
    bins = np.floor((dft_length + 1) * hertz / sample_rate).astype(int)
    out = np.zeros((dft_length // 2 + 1, num_mel_bins))
    for m in range(num_mel_bins):
        left, center, right = bins[m:m + 3]
        if center == left:
            out[center, m] = 1.0
        else:
            out[left:center + 1, m] = (np.arange(left, center + 1) - left) / (center - left)
        if right > center:
            out[center:right, m] = (right - np.arange(center, right)) / (right - center)
    return out.astype(np.float32)


def signal_generators_ref():
    def hamming(m, sym):
        n = np.arange(m)
        return 25 / 46 - 21 / 46 * np.cos(2 * np.pi * n / (m - 1 if sym else m))

    return {
        "hann": np.hanning(11)[:-1].astype(np.float32),  # periodic: the symmetric one of m+1
        "hann_sym": np.hanning(7).astype(np.float32),
        "hamming": hamming(10, False).astype(np.float32),
        "hamming_sym": hamming(7, True).astype(np.float32),
        "blackman": np.blackman(17)[:-1].astype(np.float32),
        "blackman_sym": np.blackman(7).astype(np.float32),
        "mel": mel_weight_matrix(8, 16, 8192, 0.0, 4096.0),
        "mel_speech": mel_weight_matrix(10, 64, 16000, 20.0, 7000.0),
    }


def signal_dft():
    inits = [scalar("n8", 8), scalar("n4", 4)]
    nodes = [
        helper.make_node("DFT", ["x"], ["full"], name="full", axis=1),
        helper.make_node("DFT", ["x"], ["half"], name="half", axis=2, onesided=1),
        helper.make_node("DFT", ["x", "n8"], ["padded"], name="padded", axis=1),
        helper.make_node("DFT", ["x", "n4"], ["cut"], name="cut", axis=-2),
        helper.make_node("DFT", ["xc"], ["inv"], name="inv", axis=1, inverse=1),
        helper.make_node("DFT", ["xc"], ["last"], name="last", axis=2),
    ]
    outputs = [vi("full", F32, [2, 5, 6, 2]), vi("half", F32, [2, 5, 4, 2]),
               vi("padded", F32, [2, 8, 6, 2]), vi("cut", F32, [2, 5, 4, 2]),
               vi("inv", F32, [2, 6, 4, 2]), vi("last", F32, [2, 6, 4, 2])]
    return model(nodes, [vi("x", F32, [2, 5, 6, 1]), vi("xc", F32, [2, 6, 4, 2])], outputs,
                 inits, opset=17)


def complex_pairs(c):
    return np.stack([c.real, c.imag], axis=-1).astype(np.float32)


def signal_dft_ref(x, xc):
    r = x[..., 0].astype(np.float64)
    c = xc[..., 0].astype(np.float64) + 1j * xc[..., 1]
    return {
        "full": complex_pairs(np.fft.fft(r, axis=1)),
        "half": complex_pairs(np.fft.rfft(r, axis=2)),
        "padded": complex_pairs(np.fft.fft(r, n=8, axis=1)),
        "cut": complex_pairs(np.fft.fft(r, n=4, axis=2)),
        "inv": complex_pairs(np.fft.ifft(c, axis=1)),
        "last": complex_pairs(np.fft.fft(c, axis=2)),
    }


def signal_stft():
    hann = 0.5 - 0.5 * np.cos(2 * np.pi * np.arange(16) / 16)
    inits = [scalar("step8", 8), scalar("len16", 16), scalar("step5", 5), scalar("len6", 6),
             numpy_helper.from_array(hann.astype(np.float32), "hann")]
    nodes = [
        # onesided = 1 is the default, which the shape inference of ONNX 1.12 reads as 0:
        # the importer writes it out first.
        helper.make_node("STFT", ["s", "step8", "", "len16"], ["plain"], name="plain"),
        helper.make_node("STFT", ["s", "step8", "hann"], ["windowed"], name="windowed",
                         onesided=0),
        helper.make_node("STFT", ["s", "step8", "w", "len16"], ["runtime_window"],
                         name="runtime_window", onesided=1),
        helper.make_node("STFT", ["sc", "step5", "", "len6"], ["complex"], name="complex",
                         onesided=0),
    ]
    outputs = [vi("plain", F32, [2, 7, 9, 2]), vi("windowed", F32, [2, 7, 16, 2]),
               vi("runtime_window", F32, [2, 7, 9, 2]), vi("complex", F32, [1, 4, 6, 2])]
    return model(nodes, [vi("s", F32, [2, 64, 1]), vi("w", F32, [16]),
                         vi("sc", F32, [1, 21, 2])], outputs, inits, opset=17)


def stft_ref(signal, step, length, window, onesided):
    frames = (signal.shape[1] - length) // step + 1
    out = []
    for f in range(frames):
        frame = signal[:, f * step:f * step + length] * window
        spectrum = np.fft.fft(frame, axis=1)
        out.append(spectrum[:, :length // 2 + 1] if onesided else spectrum)
    return complex_pairs(np.stack(out, axis=1))


def signal_stft_ref(s, w, sc):
    r = s[..., 0].astype(np.float64)
    c = sc[..., 0].astype(np.float64) + 1j * sc[..., 1]
    hann = (0.5 - 0.5 * np.cos(2 * np.pi * np.arange(16) / 16)).astype(np.float32)
    return {
        "plain": stft_ref(r, 8, 16, np.ones(16), True),
        "windowed": stft_ref(r, 8, 16, hann.astype(np.float64), False),
        "runtime_window": stft_ref(r, 8, 16, w.astype(np.float64), True),
        "complex": stft_ref(c, 5, 6, np.ones(6), False),
    }


def signal_window_nonconst():
    # The size is a graph input: the window cannot be computed at import time.
    nodes = [helper.make_node("HannWindow", ["size"], ["w"], name="hann_dynamic")]
    return model(nodes, [vi("size", I64, [])], [vi("w", F32, [None])], opset=17)


def signal_window_f16():
    nodes = [helper.make_node("BlackmanWindow", ["s4"], ["w"], name="blackman_f16",
                              output_datatype=TensorProto.FLOAT16, periodic=0)]
    return model(nodes, [], [vi("w", F16, [4])], [scalar("s4", 4, np.int32)], opset=17)


def signal_mel_out_of_range():
    # An upper edge above the Nyquist frequency puts bands beyond the last DFT bin.
    inits = [scalar("m", 4), scalar("n", 16), scalar("r", 1000),
             scalar("lo", 0.0, np.float32), scalar("hi", 2000.0, np.float32)]
    nodes = [helper.make_node("MelWeightMatrix", ["m", "n", "r", "lo", "hi"], ["mel"],
                              name="mel_too_high")]
    return model(nodes, [], [vi("mel", F32, [9, 4])], inits, opset=17)


def signal_dft_bad_axis():
    nodes = [helper.make_node("DFT", ["x"], ["y"], name="dft_batch", axis=0)]
    return model(nodes, [vi("x", F32, [2, 5, 1])], [vi("y", F32, [2, 5, 2])], opset=17)


def signal_dft_onesided_complex():
    nodes = [helper.make_node("DFT", ["x"], ["y"], name="dft_onesided", onesided=1)]
    return model(nodes, [vi("x", F32, [2, 5, 2])], [vi("y", F32, [2, 3, 2])], opset=17)


def signal_stft_nonconst_step():
    nodes = [helper.make_node("STFT", ["s", "step", "", "len"], ["y"], name="stft_dynamic")]
    return model(nodes, [vi("s", F32, [1, 32, 1]), vi("step", I64, [])],
                 [vi("y", F32, [1, None, 5, 2])], [scalar("len", 8)], opset=17)


MODELS = {f.__name__: f for f in [
    signal_generators, signal_dft, signal_stft, signal_window_nonconst, signal_window_f16,
    signal_mel_out_of_range, signal_dft_bad_axis, signal_dft_onesided_complex,
    signal_stft_nonconst_step]}

if __name__ == "__main__":
    out_dir = main(MODELS)
    np.savez(os.path.join(out_dir, "signal_generators.npz"),
             **{"out_" + k: v for k, v in signal_generators_ref().items()})

    rng = np.random.default_rng(17)
    inputs = {"x": rng.standard_normal((2, 5, 6, 1)).astype(np.float32),
              "xc": rng.standard_normal((2, 6, 4, 2)).astype(np.float32)}
    arrays = {"in_" + k: v for k, v in inputs.items()}
    arrays.update({"out_" + k: v for k, v in signal_dft_ref(**inputs).items()})
    np.savez(os.path.join(out_dir, "signal_dft.npz"), **arrays)

    inputs = {"s": rng.standard_normal((2, 64, 1)).astype(np.float32),
              "w": rng.uniform(0.0, 1.0, 16).astype(np.float32),
              "sc": rng.standard_normal((1, 21, 2)).astype(np.float32)}
    arrays = {"in_" + k: v for k, v in inputs.items()}
    arrays.update({"out_" + k: v for k, v in signal_stft_ref(**inputs).items()})
    np.savez(os.path.join(out_dir, "signal_stft.npz"), **arrays)
