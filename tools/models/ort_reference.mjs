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

import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';

function fail(message) {
  console.error(`ort_reference.mjs: ${message}`);
  process.exit(2);
}

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

function writeNpy(file, tensor) {
  const descr = Object.keys(DTYPES).find((k) => DTYPES[k][0] === tensor.type);
  if (!descr) fail(`output type ${tensor.type} is not supported`);
  const dims = tensor.dims.map(String);
  const shape = dims.length === 1 ? `(${dims[0]},)` : `(${dims.join(', ')})`;
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shape}, }`;
  // Magic, version, length and header padded with spaces to a multiple of 64, ending in '\n'.
  header += ' '.repeat(64 - ((10 + header.length + 1) % 64)) + '\n';
  const head = Buffer.alloc(10);
  head.write('\x93NUMPY', 0, 'latin1');
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  const data = tensor.data;
  fs.writeFileSync(file, Buffer.concat([
    head, Buffer.from(header, 'latin1'),
    Buffer.from(data.buffer, data.byteOffset, data.byteLength)
  ]));
}

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
