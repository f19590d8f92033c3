// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
// Times ONNX Runtime (CPU, graph optimisations all) on a model and one .npy input: the yardstick
// of tools/bench_speed.sh. Prints one line, `session_ms first_run_ms median_run_ms`: the session
// creation, the first run and the median of RUNS further runs (default 5), in milliseconds of
// wall time; the runs to the microsecond (a small network runs in about 0.1 ms, where one decimal
// would make the emulator's ratio to it off by up to a half).
//
// The ONNX Runtime package is found as in ort_reference.mjs: --ort=DIR or $ORT_NODE_DIR names a
// directory holding node_modules/onnxruntime-node, or the package itself.
//
// Usage: node tools/models/ort_time.mjs [--ort=DIR] [--runs=N] [--threads=N] model.onnx in.npy
//   --threads=N  ONNX Runtime's intra-op threads (default 1)

import {loadOrt, readNpy} from './ort_common.mjs';

function fail(message) {
  console.error(`ort_time.mjs: ${message}`);
  process.exit(2);
}
// ort_common.mjs throws on bad files.
process.on('uncaughtException', (error) => fail(error.message));

let ortDir = process.env.ORT_NODE_DIR || '';
let runs = 5;
let threads = 1;
const positional = [];
for (const arg of process.argv.slice(2)) {
  if (arg.startsWith('--ort=')) {
    ortDir = arg.slice('--ort='.length);
  } else if (arg.startsWith('--runs=')) {
    runs = Number(arg.slice('--runs='.length));
    if (!Number.isInteger(runs) || runs < 1) fail('--runs must be a positive integer');
  } else if (arg.startsWith('--threads=')) {
    threads = Number(arg.slice('--threads='.length));
    if (!Number.isInteger(threads) || threads < 1) fail('--threads must be a positive integer');
  } else if (arg.startsWith('--')) {
    fail(`unknown option '${arg}'`);
  } else {
    positional.push(arg);
  }
}
if (positional.length !== 2) {
  fail('usage: ort_time.mjs [--ort=DIR] [--runs=N] [--threads=N] model.onnx input.npy');
}
if (!ortDir) fail('name the directory of onnxruntime-node with --ort=DIR or $ORT_NODE_DIR');
const [modelPath, inputPath] = positional;

const ort = loadOrt(ortDir);
const msSince = (start) => Number(process.hrtime.bigint() - start) / 1e6;
let start = process.hrtime.bigint();
const session = await ort.InferenceSession.create(modelPath, {
  executionProviders: ['cpu'],
  graphOptimizationLevel: 'all',
  intraOpNumThreads: threads,
  interOpNumThreads: 1,
});
const sessionMs = msSince(start);
if (session.inputNames.length !== 1) {
  fail(`${modelPath} has ${session.inputNames.length} inputs; one is supported`);
}
const input = readNpy(inputPath);
const feeds = {[session.inputNames[0]]: new ort.Tensor(input.type, input.data, input.shape)};
start = process.hrtime.bigint();
await session.run(feeds);
const firstMs = msSince(start);
const times = [];
for (let i = 0; i < runs; ++i) {
  start = process.hrtime.bigint();
  await session.run(feeds);
  times.push(msSince(start));
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log(`${sessionMs.toFixed(1)} ${firstMs.toFixed(3)} ${median.toFixed(3)}`);
