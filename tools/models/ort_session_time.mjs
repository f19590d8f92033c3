// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
// Times ONNX Runtime's session creation on a model (CPU, one thread, graph optimisations all):
// what loading a model costs in a production runtime, the yardstick of vpuc compile's time in
// tools/bench_large_model.sh. Creates the session RUNS times (default 3) and prints the fastest
// and the median wall time in milliseconds, `min_ms median_ms`, on one line.
//
// The ONNX Runtime package is found as in ort_reference.mjs: --ort=DIR or $ORT_NODE_DIR names a
// directory holding node_modules/onnxruntime-node, or the package itself.
//
// Usage: node tools/models/ort_session_time.mjs [--ort=DIR] [--runs=N] model.onnx

import {loadOrt} from './ort_common.mjs';

function fail(message) {
  console.error(`ort_session_time.mjs: ${message}`);
  process.exit(2);
}
// ort_common.mjs throws on bad files.
process.on('uncaughtException', (error) => fail(error.message));

let ortDir = process.env.ORT_NODE_DIR || '';
let runs = 3;
const positional = [];
for (const arg of process.argv.slice(2)) {
  if (arg.startsWith('--ort=')) {
    ortDir = arg.slice('--ort='.length);
  } else if (arg.startsWith('--runs=')) {
    runs = Number(arg.slice('--runs='.length));
    if (!Number.isInteger(runs) || runs < 1) fail(`--runs must be a positive integer`);
  } else if (arg.startsWith('--')) {
    fail(`unknown option '${arg}'`);
  } else {
    positional.push(arg);
  }
}
if (positional.length !== 1) fail('usage: ort_session_time.mjs [--ort=DIR] [--runs=N] model.onnx');
if (!ortDir) fail('name the directory of onnxruntime-node with --ort=DIR or $ORT_NODE_DIR');

const ort = loadOrt(ortDir);
const times = [];
for (let i = 0; i < runs; ++i) {
  const start = process.hrtime.bigint();
  const session = await ort.InferenceSession.create(positional[0], {
    executionProviders: ['cpu'],
    graphOptimizationLevel: 'all',
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
  });
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
  await session.release();
}
times.sort((a, b) => a - b);
console.log(`${times[0].toFixed(1)} ${times[Math.floor(times.length / 2)].toFixed(1)}`);
