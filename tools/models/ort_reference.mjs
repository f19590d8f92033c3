// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
// Runs an ONNX model with ONNX Runtime (CPU, one thread) on one .npy input and writes its first
// output as .npy: the reference outputs of tests/models. onnxruntime-node is not a dependency of
// the repository: install it anywhere (`npm install onnxruntime-node --ignore-scripts` in a scratch
// directory; the CPU library ships inside the package) and name that directory with --ort=DIR or
// $ORT_NODE_DIR (a directory holding node_modules/onnxruntime-node, or the package itself).
//
// Usage: node tools/models/ort_reference.mjs [--ort=DIR] [--opt=all|disabled]
//          model.onnx input.npy output.npy
//   --opt=all       graph optimisations all (default; QDQ pairs become integer kernels, exact on
//                   every x86 CPU: see x64quantprecision below)
//   --opt=disabled  the graph as written (a QDQ model's float layers between (de)quantizations)

import {loadOrt, readNpy, writeNpy} from './ort_common.mjs';

function fail(message) {
  console.error(`ort_reference.mjs: ${message}`);
  process.exit(2);
}
// ort_common.mjs throws on bad files.
process.on('uncaughtException', (error) => fail(error.message));

let ortDir = process.env.ORT_NODE_DIR || '';
let opt = 'all';
const positional = [];
for (const arg of process.argv.slice(2)) {
  if (arg.startsWith('--ort=')) {
    ortDir = arg.slice('--ort='.length);
  } else if (arg.startsWith('--opt=')) {
    opt = arg.slice('--opt='.length);
  } else if (arg.startsWith('--')) {
    fail(`unknown option '${arg}'`);
  } else {
    positional.push(arg);
  }
}
if (positional.length !== 3) {
  fail('usage: ort_reference.mjs [--ort=DIR] [--opt=all|disabled] model.onnx input.npy output.npy');
}
if (opt !== 'all' && opt !== 'disabled') fail(`--opt must be all or disabled (got '${opt}')`);
if (!ortDir) fail('name the directory of onnxruntime-node with --ort=DIR or $ORT_NODE_DIR');
const [modelPath, inputPath, outputPath] = positional;

const ort = loadOrt(ortDir);
const session = await ort.InferenceSession.create(modelPath, {
  executionProviders: ['cpu'],
  graphOptimizationLevel: opt,
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  // x86 CPUs without VNNI (e.g. AVX2 only) run ONNX Runtime's u8 x s8 integer kernels with a
  // saturating 16-bit intermediate (vpmaddubsw): on such a machine mobilenet_v2_qdq's optimised
  // output differs from the exact one with cosine 0.946. This option makes ONNX Runtime use its
  // exact u8 x u8 kernels there (it changes nothing on a VNNI machine), so the references are
  // the same everywhere.
  extra: {session: {x64quantprecision: '1'}},
});
if (session.inputNames.length !== 1) {
  fail(`${modelPath} has ${session.inputNames.length} inputs; one is supported`);
}
const input = readNpy(inputPath);
const feeds = {[session.inputNames[0]]: new ort.Tensor(input.type, input.data, input.shape)};
const results = await session.run(feeds);
const output = results[session.outputNames[0]];
writeNpy(outputPath, output);
console.log(`${modelPath}: ${session.outputNames[0]} [${output.dims.join('x')}] -> ${outputPath} ` +
            `(ONNX Runtime ${ort.env.versions?.common ?? '?'}, optimisations ${opt})`);
