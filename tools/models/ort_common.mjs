// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
// What the ONNX Runtime scripts of tools/models share: loading the onnxruntime-node package and
// reading and writing .npy files. Errors are thrown (Error); the scripts report them.

import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';

// The package itself or a directory whose node_modules holds it.
export function loadOrt(dir) {
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

export function readNpy(file) {
  const buf = fs.readFileSync(file);
  if (buf.toString('latin1', 0, 6) !== '\x93NUMPY') throw new Error(`${file}: not an .npy file`);
  const major = buf[6];
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const start = (major === 1 ? 10 : 12) + headerLen;
  const header = buf.toString('latin1', major === 1 ? 10 : 12, start);
  const descr = /'descr':\s*'([^']+)'/.exec(header)?.[1];
  const fortran = /'fortran_order':\s*True/.test(header);
  const shapeText = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  if (!descr || !(descr in DTYPES) || fortran || shapeText === undefined) {
    throw new Error(`${file}: unsupported .npy header ${header.trim()}`);
  }
  const shape = shapeText.split(',').map((s) => s.trim()).filter((s) => s).map(Number);
  const [type, Ctor] = DTYPES[descr];
  const count = shape.reduce((a, b) => a * b, 1);
  const bytes = buf.subarray(start, start + count * Ctor.BYTES_PER_ELEMENT);
  const data = new Ctor(count);
  new Uint8Array(data.buffer).set(bytes);
  return {type, data, shape};
}

export function writeNpy(file, tensor) {
  const descr = Object.keys(DTYPES).find((k) => DTYPES[k][0] === tensor.type);
  if (!descr) throw new Error(`output type ${tensor.type} is not supported`);
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
