// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
// Times ONNX Runtime (CPU, graph optimisations all) on a model and one .npy input: the yardstick
// of tools/bench_speed.sh. Prints one line, `session_ms first_run_ms median_run_ms`: the session
// creation, the first run and the median of RUNS further runs (default 5), in milliseconds of
// wall time.
//
// The ONNX Runtime package is found as in ort_reference.mjs: --ort=DIR or $ORT_NODE_DIR names a
// directory holding node_modules/onnxruntime-node, or the package itself.
//
// Usage: node tools/models/ort_time.mjs [--ort=DIR] [--runs=N] [--threads=N] model.onnx in.npy
//   --threads=N  ONNX Runtime's intra-op threads (default 1)

import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';

function fail(message) {
  console.error(`ort_time.mjs: ${message}`);
  process.exit(2);
}

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

// The package itself or a directory whose node_modules holds it.
function loadOrt(dir) {
  dir = path.resolve(dir);
  const asPackage = path.join(dir, 'package.json');
  if (fs.existsSync(asPackage) &&
      JSON.parse(fs.readFileSync(asPackage, 'utf8')).name === 'onnxruntime-node') {
    return createRequire(asPackage)(dir);
  }
  return createRequire(path.join(dir, 'noop.js'))('onnxruntime-node');
}

// .npy (versions 1-3, little-endian, C order) of float32 / float64 / int64 / int32 / uint8 / int8.
const DTYPES = {
  '<f4': ['float32', Float32Array],
  '<f8': ['float64', Float64Array],
  '<i8': ['int64', BigInt64Array],
  '<i4': ['int32', Int32Array],
  '|u1': ['uint8', Uint8Array],
  '|i1': ['int8', Int8Array],
};

function readNpy(file) {
  const buf = fs.readFileSync(file);
  if (buf.toString('latin1', 0, 6) !== '\x93NUMPY') fail(`${file}: not an .npy file`);
  const major = buf[6];
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const start = (major === 1 ? 10 : 12) + headerLen;
  const header = buf.toString('latin1', major === 1 ? 10 : 12, start);
  const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order':\s*True/.test(header);
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  if (!descr || !(descr in DTYPES) || fortran || shapeText === undefined) {
    fail(`${file}: unsupported .npy header ${header.trim()}`);
  }
  const shape = shapeText.split(',').map((s) => s.trim()).filter((s) => s).map(Number);
  const [type, Ctor] = DTYPES[descr];
  const count = shape.reduce((a, b) => a * b, 1);
  const bytes = buf.subarray(start, start + count * Ctor.BYTES_PER_ELEMENT);
  const data = new Ctor(count);
  new Uint8Array(data.buffer).set(bytes);
  return {type, data, shape};
}

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
console.log(`${sessionMs.toFixed(1)} ${firstMs.toFixed(1)} ${median.toFixed(1)}`);
