//===- Npy.cpp - NumPy .npy / .npz reading and writing
//---------------------===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "core/npy/Npy.h"

#include "core/shape/StrideReqs.h"
#include "core/shape/StridedCopy.h"

#include <minizip/unzip.h>
#include <minizip/zip.h>

#include <algorithm>
#include <memory>

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::npy {

namespace {

struct DTypeInfo {
  DType dtype;
  const char *name;
  char kind; // NumPy kind character: b, i, u, f.
  int64_t size;
};

constexpr DTypeInfo kDTypes[] = {
    {DType::Bool, "bool", 'b', 1},   {DType::I8, "int8", 'i', 1},
    {DType::U8, "uint8", 'u', 1},    {DType::I16, "int16", 'i', 2},
    {DType::U16, "uint16", 'u', 2},  {DType::I32, "int32", 'i', 4},
    {DType::U32, "uint32", 'u', 4},  {DType::I64, "int64", 'i', 8},
    {DType::U64, "uint64", 'u', 8},  {DType::F16, "float16", 'f', 2},
    {DType::F32, "float32", 'f', 4}, {DType::F64, "float64", 'f', 8},
};

const DTypeInfo &getInfo(DType dtype) {
  for (const DTypeInfo &info : kDTypes) {
    if (info.dtype == dtype) {
      return info;
    }
  }
  llvm_unreachable("unknown dtype");
}

llvm::Error makeError(llvm::StringRef sourceName, const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 sourceName + ": " + message);
}

/// True if the file at `path` is an empty zip archive (what numpy.savez writes
/// for no array): only the end of central directory record, with its comment.
/// minizip 1.1 refuses to open one, as it takes a record at offset 0 for none.
bool isEmptyZip(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer) {
    return false;
  }
  llvm::StringRef bytes = (*buffer)->getBuffer();
  constexpr size_t kRecordSize = 22;
  if (bytes.size() < kRecordSize || !bytes.starts_with("PK\x05\x06")) {
    return false;
  }
  auto readU16 = [&](size_t offset) {
    return static_cast<size_t>(static_cast<uint8_t>(bytes[offset])) |
           static_cast<size_t>(static_cast<uint8_t>(bytes[offset + 1])) << 8;
  };
  // Entries on this disk, entries in all, comment length.
  return readU16(8) == 0 && readU16(10) == 0 &&
         kRecordSize + readU16(20) == bytes.size();
}

/// A cursor over the Python dict literal of a .npy header, e.g.
/// {'descr': '<f4', 'fortran_order': False, 'shape': (1, 3), }
class HeaderParser {
public:
  explicit HeaderParser(llvm::StringRef text) : text(text) {}

  void skipSpace() { text = text.ltrim(" \t\n"); }

  bool consume(llvm::StringRef token) {
    skipSpace();
    return text.consume_front(token);
  }

  bool parseString(std::string &out) {
    skipSpace();
    if (text.empty() || (text.front() != '\'' && text.front() != '"')) {
      return false;
    }
    char quote = text.front();
    size_t end = text.find(quote, 1);
    if (end == llvm::StringRef::npos) {
      return false;
    }
    out = text.substr(1, end - 1).str();
    text = text.drop_front(end + 1);
    return true;
  }

  bool parseBool(bool &out) {
    if (consume("True")) {
      out = true;
      return true;
    }
    if (consume("False")) {
      out = false;
      return true;
    }
    return false;
  }

  bool parseShape(llvm::SmallVectorImpl<int64_t> &out) {
    if (!consume("(")) {
      return false;
    }
    while (!consume(")")) {
      skipSpace();
      size_t len = 0;
      while (len < text.size() && llvm::isDigit(text[len])) {
        ++len;
      }
      int64_t dim = 0;
      if (len == 0 || text.substr(0, len).getAsInteger(10, dim)) {
        return false;
      }
      out.push_back(dim);
      text = text.drop_front(len);
      skipSpace();
      // Python also accepts a trailing 'L' on old files.
      consume("L");
      if (!consume(",") && !text.starts_with(")")) {
        return false;
      }
    }
    return true;
  }

private:
  llvm::StringRef text;
};

/// Parses a NumPy type descriptor such as '<f4' or '|b1'; reports whether bytes
/// need swapping.
llvm::Expected<DType> parseDescr(llvm::StringRef descr, bool &swapBytes,
                                 llvm::StringRef sourceName) {
  swapBytes = false;
  if (descr.size() < 3) {
    return makeError(sourceName,
                     "unsupported dtype descriptor '" + descr + "'");
  }
  char order = descr[0];
  char kind = descr[1];
  int64_t size = 0;
  if (descr.drop_front(2).getAsInteger(10, size)) {
    return makeError(sourceName,
                     "unsupported dtype descriptor '" + descr + "'");
  }
  for (const DTypeInfo &info : kDTypes) {
    if (info.kind == kind && info.size == size) {
      swapBytes = order == '>' && size > 1;
      if (order != '<' && order != '>' && order != '|' && order != '=') {
        break;
      }
      return info.dtype;
    }
  }
  return makeError(
      sourceName,
      "unsupported dtype descriptor '" + descr +
          "' (supported: bool, int8..64, uint8..64, float16/32/64)");
}

/// Converts a Fortran-ordered (column-major) buffer into C order.
std::vector<char> fortranToC(const std::vector<char> &src,
                             llvm::ArrayRef<int64_t> shape, int64_t elemSize) {
  std::vector<char> dst(src.size());
  shape::Bit elemBits = shape::Byte(elemSize).toBits();
  shape::MemShape memShape(shape);
  shape::MemStrides fortranStrides(shape.size(), 0);
  int64_t stride = elemBits.count();
  for (size_t d = 0; d < shape.size(); ++d) {
    fortranStrides[shape::MemDim(d)] = stride;
    stride *= shape[d];
  }
  shape::stridedCopy(src.data(), fortranStrides, dst.data(),
                     shape::computeCompactStrides(memShape, elemBits), memShape,
                     elemBits);
  return dst;
}

std::string memberName(llvm::StringRef archive, llvm::StringRef member) {
  return (archive + "[" + member + "]").str();
}

} // namespace

llvm::StringRef getDTypeName(DType dtype) { return getInfo(dtype).name; }

int64_t getDTypeSize(DType dtype) { return getInfo(dtype).size; }

llvm::Expected<DType> parseDTypeName(llvm::StringRef name) {
  for (const DTypeInfo &info : kDTypes) {
    std::string shortName =
        std::string(1, info.kind) + std::to_string(info.size);
    if (name == info.name || name == shortName) {
      return info.dtype;
    }
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "unknown dtype '" + name + "'");
}

Array Array::zeros(DType dtype, llvm::ArrayRef<int64_t> shape) {
  Array array;
  array.dtype = dtype;
  array.shape.assign(shape.begin(), shape.end());
  array.data.assign(array.getNumElements() * getDTypeSize(dtype), 0);
  return array;
}

int64_t Array::getNumElements() const {
  int64_t count = 1;
  for (int64_t dim : shape) {
    count *= dim;
  }
  return count;
}

llvm::Expected<Array> parseNpy(llvm::StringRef bytes,
                               llvm::StringRef sourceName) {
  static constexpr llvm::StringLiteral kMagic("\x93NUMPY");
  if (!bytes.starts_with(kMagic)) {
    return makeError(sourceName, "not a .npy file (bad magic)");
  }
  if (bytes.size() < 10) {
    return makeError(sourceName, "truncated .npy header");
  }
  auto major = static_cast<uint8_t>(bytes[6]);
  size_t headerLen = 0;
  size_t headerStart = 0;
  auto byteAt = [&](size_t i) {
    return static_cast<size_t>(static_cast<uint8_t>(bytes[i]));
  };
  if (major == 1) {
    headerLen = byteAt(8) | (byteAt(9) << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) {
      return makeError(sourceName, "truncated .npy header");
    }
    headerLen =
        byteAt(8) | (byteAt(9) << 8) | (byteAt(10) << 16) | (byteAt(11) << 24);
    headerStart = 12;
  } else {
    return makeError(sourceName, "unsupported .npy format version " +
                                     llvm::Twine(static_cast<int>(major)));
  }
  if (headerStart + headerLen > bytes.size()) {
    return makeError(sourceName, "truncated .npy header");
  }

  HeaderParser parser(bytes.substr(headerStart, headerLen));
  std::string descr;
  bool fortranOrder = false;
  bool haveDescr = false, haveOrder = false, haveShape = false;
  Array array;
  if (!parser.consume("{")) {
    return makeError(sourceName, "malformed .npy header (expected a dict)");
  }
  while (!parser.consume("}")) {
    std::string key;
    if (!parser.parseString(key) || !parser.consume(":")) {
      return makeError(sourceName, "malformed .npy header");
    }
    bool ok = false;
    if (key == "descr") {
      ok = parser.parseString(descr);
      haveDescr = true;
    } else if (key == "fortran_order") {
      ok = parser.parseBool(fortranOrder);
      haveOrder = true;
    } else if (key == "shape") {
      ok = parser.parseShape(array.shape);
      haveShape = true;
    }
    if (!ok) {
      return makeError(sourceName, "malformed or unsupported value of '" + key +
                                       "' in the .npy header");
    }
    if (parser.consume(",")) {
      continue;
    }
    if (!parser.consume("}")) {
      return makeError(sourceName, "malformed .npy header");
    }
    break;
  }
  if (!haveDescr || !haveOrder || !haveShape) {
    return makeError(
        sourceName,
        "the .npy header lacks 'descr', 'fortran_order' or 'shape'");
  }

  bool swapBytes = false;
  llvm::Expected<DType> dtype = parseDescr(descr, swapBytes, sourceName);
  if (!dtype) {
    return dtype.takeError();
  }
  array.dtype = *dtype;
  int64_t elemSize = getDTypeSize(array.dtype);
  // The product of the dims (and its bytes) must not overflow: a header
  // may claim any shape.
  int64_t count = 1;
  int64_t byteCount = elemSize;
  for (int64_t dim : array.shape) {
    if (llvm::MulOverflow(count, dim, count) ||
        llvm::MulOverflow(byteCount, dim, byteCount)) {
      return makeError(sourceName,
                       "the shape in the .npy header has more elements than "
                       "an int64 counts");
    }
  }
  llvm::StringRef payload = bytes.drop_front(headerStart + headerLen);
  if (static_cast<int64_t>(payload.size()) < byteCount) {
    return makeError(sourceName, "truncated data: expected " +
                                     llvm::Twine(count * elemSize) +
                                     " bytes, found " +
                                     llvm::Twine(payload.size()));
  }
  array.data.assign(payload.begin(), payload.begin() + count * elemSize);
  if (swapBytes) {
    for (int64_t i = 0; i < count; ++i) {
      std::reverse(array.data.begin() + i * elemSize,
                   array.data.begin() + (i + 1) * elemSize);
    }
  }
  if (fortranOrder && array.shape.size() > 1) {
    array.data = fortranToC(array.data, array.shape, elemSize);
  }
  return array;
}

std::string serializeNpy(const Array &array) {
  const DTypeInfo &info = getInfo(array.dtype);
  std::string header;
  llvm::raw_string_ostream os(header);
  os << "{'descr': '" << (info.size == 1 ? '|' : '<') << info.kind << info.size
     << "', 'fortran_order': False, 'shape': (";
  for (int64_t dim : array.shape) {
    os << dim << ", ";
  }
  if (array.shape.size() > 1) {
    // Python prints (2, 3), but a 1-tuple needs its trailing comma: (5,).
    header.resize(header.size() - 2);
  } else if (array.shape.size() == 1) {
    header.pop_back();
  }
  os << "), }";
  os.flush();

  // Pad with spaces so that the data starts on a 64-byte boundary; the header
  // ends in '\n'.
  size_t prefix = 10;
  bool v2 = false;
  size_t total = prefix + header.size() + 1;
  size_t padded = (total + 63) / 64 * 64;
  if (padded - prefix > 0xffff) {
    v2 = true;
    prefix = 12;
    total = prefix + header.size() + 1;
    padded = (total + 63) / 64 * 64;
  }
  header.append(padded - total, ' ');
  header.push_back('\n');

  std::string out = "\x93NUMPY";
  out.push_back(v2 ? 2 : 1);
  out.push_back(0);
  size_t len = header.size();
  out.push_back(static_cast<char>(len & 0xff));
  out.push_back(static_cast<char>((len >> 8) & 0xff));
  if (v2) {
    out.push_back(static_cast<char>((len >> 16) & 0xff));
    out.push_back(static_cast<char>((len >> 24) & 0xff));
  }
  out += header;
  out.append(array.data.begin(), array.data.end());
  return out;
}

llvm::Expected<Array> readNpy(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buffer) {
    return makeError(path, "cannot read: " + buffer.getError().message());
  }
  return parseNpy((*buffer)->getBuffer(), path);
}

llvm::Error writeNpy(llvm::StringRef path, const Array &array) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    return makeError(path, "cannot write: " + ec.message());
  }
  os << serializeNpy(array);
  os.close();
  if (os.has_error()) {
    return makeError(path, "cannot write: " + os.error().message());
  }
  return llvm::Error::success();
}

llvm::Expected<ArrayMap> readNpz(llvm::StringRef path) {
  std::string pathStr = path.str();
  if (!llvm::sys::fs::exists(pathStr)) {
    return makeError(path, "no such file");
  }
  std::unique_ptr<void, int (*)(unzFile)> zip(unzOpen64(pathStr.c_str()),
                                              unzClose);
  if (!zip) {
    if (isEmptyZip(path)) {
      return ArrayMap();
    }
    return makeError(path, "not a valid .npz (zip) archive");
  }
  ArrayMap arrays;
  int status = unzGoToFirstFile(zip.get());
  while (status == UNZ_OK) {
    unz_file_info64 info;
    char name[1024];
    if (unzGetCurrentFileInfo64(zip.get(), &info, name, sizeof(name), nullptr,
                                0, nullptr, 0) != UNZ_OK) {
      return makeError(path, "corrupt zip directory");
    }
    llvm::StringRef member(name);
    if (unzOpenCurrentFile(zip.get()) != UNZ_OK) {
      return makeError(memberName(path, member), "cannot open archive member");
    }
    std::string bytes(info.uncompressed_size, '\0');
    int64_t read = bytes.empty() ? 0
                                 : unzReadCurrentFile(zip.get(), bytes.data(),
                                                      bytes.size());
    int closeStatus = unzCloseCurrentFile(zip.get());
    if (read != static_cast<int64_t>(bytes.size()) || closeStatus != UNZ_OK) {
      return makeError(memberName(path, member),
                       "corrupt or truncated archive member");
    }
    llvm::StringRef key = member;
    key.consume_back(".npy");
    llvm::Expected<Array> array = parseNpy(bytes, memberName(path, member));
    if (!array) {
      return array.takeError();
    }
    arrays[key.str()] = std::move(*array);
    status = unzGoToNextFile(zip.get());
  }
  if (status != UNZ_END_OF_LIST_OF_FILE) {
    return makeError(path, "corrupt zip directory");
  }
  return arrays;
}

llvm::Error writeNpz(llvm::StringRef path, const ArrayMap &arrays,
                     bool compress) {
  std::string pathStr = path.str();
  zipFile zip = zipOpen64(pathStr.c_str(), APPEND_STATUS_CREATE);
  if (!zip) {
    return makeError(path, "cannot create archive");
  }
  for (const auto &[key, array] : arrays) {
    std::string member = key + ".npy";
    std::string bytes = serializeNpy(array);
    zip_fileinfo info = {};
    int status = zipOpenNewFileInZip64(
        zip, member.c_str(), &info, nullptr, 0, nullptr, 0, nullptr,
        compress ? Z_DEFLATED : 0, compress ? Z_DEFAULT_COMPRESSION : 0,
        /*zip64=*/bytes.size() >= 0xffffffffu);
    if (status == ZIP_OK) {
      status = zipWriteInFileInZip(zip, bytes.data(), bytes.size());
    }
    if (status == ZIP_OK) {
      status = zipCloseFileInZip(zip);
    }
    if (status != ZIP_OK) {
      zipClose(zip, nullptr);
      return makeError(memberName(path, member), "cannot write archive member");
    }
  }
  if (zipClose(zip, nullptr) != ZIP_OK) {
    return makeError(path, "cannot finish archive");
  }
  return llvm::Error::success();
}

llvm::Expected<ArrayMap> readArrays(llvm::StringRef path) {
  if (path.ends_with(".npz")) {
    return readNpz(path);
  }
  llvm::Expected<Array> array = readNpy(path);
  if (!array) {
    return array.takeError();
  }
  ArrayMap arrays;
  arrays[llvm::sys::path::stem(path).str()] = std::move(*array);
  return arrays;
}

} // namespace mlir::vpuc::npy
