//===- Content.cpp - Materialised constant content --------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Implements `Content`: storage, splat expansion and the element conversions.
//
//===----------------------------------------------------------------------===//

#include "dialects/const/ir/Content.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <limits>

#include "core/numeric/Float16.h"
#include "core/shape/StridedCopy.h"
#include "mlir/Dialect/Quant/QuantTypes.h"
#include "llvm/Support/ErrorHandling.h"

namespace mlir::vpuc::Const {

//===----------------------------------------------------------------------===//
// Element kinds
//===----------------------------------------------------------------------===//

namespace {
/// How one storage element is encoded.
/// The float kinds come last, from Content::kFirstFloatKind.
enum class ElemKind { Bool, Signed, Unsigned, F16, BF16, F32, F64 };

/// The encoding of a storage element type.
struct ElemInfo {
  ElemKind kind;
  unsigned width; // In bits, for integers.
};
} // namespace

static bool isFloatKind(ElemKind kind) {
  return kind == ElemKind::F16 || kind == ElemKind::BF16 ||
         kind == ElemKind::F32 || kind == ElemKind::F64;
}

/// Classifies a supported element type (quantized types by their storage).
static ElemInfo classify(Type elemType) {
  if (auto quantType = dyn_cast<quant::QuantizedType>(elemType)) {
    return {quantType.isSigned() ? ElemKind::Signed : ElemKind::Unsigned,
            quantType.getStorageTypeIntegralWidth()};
  }
  if (auto intType = dyn_cast<IntegerType>(elemType)) {
    if (intType.getWidth() == 1) {
      return {ElemKind::Bool, 1};
    }
    return {intType.isUnsigned() ? ElemKind::Unsigned : ElemKind::Signed,
            intType.getWidth()};
  }
  if (elemType.isF16()) {
    return {ElemKind::F16, 16};
  }
  if (elemType.isBF16()) {
    return {ElemKind::BF16, 16};
  }
  if (elemType.isF32()) {
    return {ElemKind::F32, 32};
  }
  return {ElemKind::F64, 64};
}

bool Content::isSupportedElementType(Type elemType) {
  if (auto quantType = dyn_cast<quant::QuantizedType>(elemType)) {
    if (!isa<quant::UniformQuantizedType, quant::UniformQuantizedPerAxisType>(
            quantType)) {
      return false;
    }
    elemType = quantType.getStorageType();
    if (!isa<IntegerType>(elemType) ||
        cast<IntegerType>(elemType).getWidth() == 1) {
      return false;
    }
  }
  if (auto intType = dyn_cast<IntegerType>(elemType)) {
    unsigned width = intType.getWidth();
    return width == 1 || width == 8 || width == 16 || width == 32 ||
           width == 64;
  }
  return elemType.isF16() || elemType.isBF16() || elemType.isF32() ||
         elemType.isF64();
}

Type Content::getStorageElementType(Type elemType) {
  if (auto quantType = dyn_cast<quant::QuantizedType>(elemType)) {
    return quantType.getStorageType();
  }
  return elemType;
}

size_t Content::getElementByteSize(Type elemType) {
  ElemInfo info = classify(elemType);
  return info.kind == ElemKind::Bool ? 1 : info.width / 8;
}

//===----------------------------------------------------------------------===//
// Scalar conversions
//===----------------------------------------------------------------------===//

/// Rounds to nearest, ties to even, and saturates to [lo, hi]; NaN gives 0.
/// The bounds are integers, so that a bound that is not exactly a double
/// (INT64_MAX, whose nearest double 2^63 is out of range) still saturates to
/// itself.
static int64_t roundSaturate(double value, int64_t lo, int64_t hi) {
  if (std::isnan(value)) {
    return 0;
  }
  if (value <= static_cast<double>(lo)) {
    return lo;
  }
  if (value >= static_cast<double>(hi)) {
    return hi;
  }
  return static_cast<int64_t>(std::nearbyint(value));
}

/// The range `getInt` saturates floats to: int64_t, less the values above the
/// largest double below 2^63.
static constexpr int64_t kFloatToIntMin = std::numeric_limits<int64_t>::min();
static constexpr int64_t kFloatToIntMax = 0x7ffffffffffffc00;

/// Loads a float element as double.
static double loadFloat(ElemKind kind, const char *ptr) {
  switch (kind) {
  case ElemKind::F16: {
    uint16_t bits;
    std::memcpy(&bits, ptr, 2);
    return numeric::f16BitsToFloat(bits);
  }
  case ElemKind::BF16: {
    uint16_t bits;
    std::memcpy(&bits, ptr, 2);
    return numeric::bf16BitsToFloat(bits);
  }
  case ElemKind::F32: {
    float value;
    std::memcpy(&value, ptr, 4);
    return value;
  }
  default: {
    double value;
    std::memcpy(&value, ptr, 8);
    return value;
  }
  }
}

/// Loads an integer element (bool, signed or unsigned) as int64_t. Unsigned
/// 64-bit values above INT64_MAX saturate.
static int64_t loadInt(ElemInfo info, const char *ptr) {
  if (info.kind == ElemKind::Bool) {
    return *ptr != 0 ? 1 : 0;
  }
  bool isSigned = info.kind == ElemKind::Signed;
  switch (info.width) {
  case 8:
    return isSigned
               ? static_cast<int64_t>(*reinterpret_cast<const int8_t *>(ptr))
               : static_cast<int64_t>(*reinterpret_cast<const uint8_t *>(ptr));
  case 16: {
    uint16_t raw;
    std::memcpy(&raw, ptr, 2);
    return isSigned ? static_cast<int64_t>(static_cast<int16_t>(raw))
                    : static_cast<int64_t>(raw);
  }
  case 32: {
    uint32_t raw;
    std::memcpy(&raw, ptr, 4);
    return isSigned ? static_cast<int64_t>(static_cast<int32_t>(raw))
                    : static_cast<int64_t>(raw);
  }
  default: {
    uint64_t raw;
    std::memcpy(&raw, ptr, 8);
    if (!isSigned &&
        raw > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      return std::numeric_limits<int64_t>::max();
    }
    return static_cast<int64_t>(raw);
  }
  }
}

/// The range of an integer storage kind, as int64_t.
static void getIntRange(ElemInfo info, int64_t &lo, int64_t &hi) {
  if (info.kind == ElemKind::Bool) {
    lo = 0;
    hi = 1;
  } else if (info.kind == ElemKind::Signed) {
    lo = info.width == 64 ? std::numeric_limits<int64_t>::min()
                          : -(int64_t(1) << (info.width - 1));
    hi = info.width == 64 ? std::numeric_limits<int64_t>::max()
                          : (int64_t(1) << (info.width - 1)) - 1;
  } else {
    lo = 0;
    hi = info.width == 64 ? std::numeric_limits<int64_t>::max()
                          : (int64_t(1) << info.width) - 1;
  }
}

/// Stores an integer value, saturating it to the storage range (bool: != 0).
static void storeInt(ElemInfo info, char *ptr, int64_t value) {
  if (info.kind == ElemKind::Bool) {
    *ptr = value != 0 ? 1 : 0;
    return;
  }
  int64_t lo, hi;
  getIntRange(info, lo, hi);
  value = std::min(std::max(value, lo), hi);
  uint64_t raw = static_cast<uint64_t>(value);
  std::memcpy(ptr, &raw, info.width / 8); // Little-endian host.
}

/// Stores a double into a float element, rounding to nearest even.
static void storeFloat(ElemKind kind, char *ptr, double value) {
  switch (kind) {
  case ElemKind::F16: {
    uint16_t bits = numeric::floatToF16Bits(static_cast<float>(value));
    std::memcpy(ptr, &bits, 2);
    return;
  }
  case ElemKind::BF16: {
    uint16_t bits = numeric::floatToBF16Bits(static_cast<float>(value));
    std::memcpy(ptr, &bits, 2);
    return;
  }
  case ElemKind::F32: {
    float narrow = static_cast<float>(value);
    std::memcpy(ptr, &narrow, 4);
    return;
  }
  default:
    std::memcpy(ptr, &value, 8);
    return;
  }
}

/// Converts a double to an integer storage value (round to nearest even,
/// saturate; bool: != 0).
static int64_t doubleToInt(ElemInfo info, double value) {
  if (info.kind == ElemKind::Bool) {
    return value != 0.0 ? 1 : 0;
  }
  int64_t lo, hi;
  getIntRange(info, lo, hi);
  return roundSaturate(value, lo, hi);
}

//===----------------------------------------------------------------------===//
// Content
//===----------------------------------------------------------------------===//

Content::Content(ShapedType type, bool splat) : type(type), splat(splat) {
  cacheElementInfo();
}

void Content::cacheElementInfo() {
  static_assert(static_cast<unsigned>(ElemKind::F16) == kFirstFloatKind,
                "float kinds must start at kFirstFloatKind");
  ElemInfo info = classify(type.getElementType());
  elemKindCode = static_cast<unsigned>(info.kind);
  elemWidth = info.width;
  elemBytes = info.kind == ElemKind::Bool ? 1 : info.width / 8;
}

Content::Content(const Content &other)
    : type(other.type), splat(other.splat), elemKindCode(other.elemKindCode),
      elemWidth(other.elemWidth), elemBytes(other.elemBytes),
      ownsData(other.ownsData), owned(other.owned), data(other.data) {
  if (ownsData) {
    data = ArrayRef<char>(owned);
  }
}

Content::Content(Content &&other) noexcept
    : type(other.type), splat(other.splat), elemKindCode(other.elemKindCode),
      elemWidth(other.elemWidth), elemBytes(other.elemBytes),
      ownsData(other.ownsData), owned(std::move(other.owned)),
      data(other.data) {
  if (ownsData) {
    data = ArrayRef<char>(owned);
  }
  other.ownsData = false;
  other.data = {};
}

Content &Content::operator=(const Content &other) {
  if (this != &other) {
    *this = Content(other);
  }
  return *this;
}

Content &Content::operator=(Content &&other) noexcept {
  if (this != &other) {
    type = other.type;
    splat = other.splat;
    elemKindCode = other.elemKindCode;
    elemWidth = other.elemWidth;
    elemBytes = other.elemBytes;
    ownsData = other.ownsData;
    owned = std::move(other.owned);
    data = ownsData ? ArrayRef<char>(owned) : other.data;
    other.ownsData = false;
    other.data = {};
  }
  return *this;
}

Content Content::fromBorrowed(ShapedType type, ArrayRef<char> data,
                              bool isSplat) {
  Content content(type, isSplat);
  content.data = data;
  assert(data.size() ==
             (isSplat ? 1 : static_cast<size_t>(type.getNumElements())) *
                 content.elemBytes &&
         "content size does not match its type");
  return content;
}

Content Content::fromOwned(ShapedType type, std::vector<char> data,
                           bool isSplat) {
  Content content(type, isSplat);
  content.ownsData = true;
  content.owned = std::move(data);
  content.data = ArrayRef<char>(content.owned);
  assert(content.data.size() ==
             (isSplat ? 1 : static_cast<size_t>(type.getNumElements())) *
                 content.elemBytes &&
         "content size does not match its type");
  return content;
}

Content Content::allocate(ShapedType type, bool isSplat) {
  size_t count = isSplat ? 1 : static_cast<size_t>(type.getNumElements());
  return fromOwned(
      type,
      std::vector<char>(count * getElementByteSize(type.getElementType())),
      isSplat);
}

MutableArrayRef<char> Content::getMutableRawStorage() {
  if (!ownsData) {
    owned.assign(data.begin(), data.end());
    ownsData = true;
    data = ArrayRef<char>(owned);
  }
  return MutableArrayRef<char>(owned);
}

void Content::copyTo(MutableArrayRef<char> dst) const {
  assert(dst.size() >= getSizeInBytes() && "destination too small");
  if (!splat) {
    std::memcpy(dst.data(), data.data(), data.size());
    return;
  }
  // The splat element broadcast over all elements.
  shape::Bit elemSize = shape::Byte(static_cast<int64_t>(elemBytes)).toBits();
  shape::stridedCopy(data.data(), shape::MemStrides{0}, dst.data(),
                     shape::MemStrides{elemSize.count()},
                     shape::MemShape{getNumElements()}, elemSize);
}

Content Content::withType(ShapedType newType) && {
  assert((splat || newType.getNumElements() == getNumElements()) &&
         getElementByteSize(newType.getElementType()) == elemBytes &&
         "reinterpretation must keep the element count and size");
  Content result = std::move(*this);
  result.type = newType;
  result.cacheElementInfo();
  return result;
}

Content Content::expandSplat() && {
  if (!splat) {
    return std::move(*this);
  }
  Content result = allocate(type, /*isSplat=*/false);
  copyTo(result.getMutableRawStorage());
  return result;
}

double Content::getDouble(int64_t index) const {
  ElemInfo info{static_cast<ElemKind>(elemKindCode), elemWidth};
  const char *ptr = elementPtr(index);
  if (isFloatKind(info.kind)) {
    return loadFloat(info.kind, ptr);
  }
  if (info.kind == ElemKind::Unsigned && info.width == 64) {
    uint64_t raw;
    std::memcpy(&raw, ptr, 8);
    return static_cast<double>(raw);
  }
  return static_cast<double>(loadInt(info, ptr));
}

int64_t Content::getInt(int64_t index) const {
  ElemInfo info{static_cast<ElemKind>(elemKindCode), elemWidth};
  const char *ptr = elementPtr(index);
  if (isFloatKind(info.kind)) {
    return roundSaturate(loadFloat(info.kind, ptr), kFloatToIntMin,
                         kFloatToIntMax);
  }
  return loadInt(info, ptr);
}

void Content::setDouble(int64_t index, double value) {
  assert(ownsData && !(splat && index != 0) && "content is not writable");
  ElemInfo info{static_cast<ElemKind>(elemKindCode), elemWidth};
  char *ptr = owned.data() + (splat ? 0 : index * elemBytes);
  if (isFloatKind(info.kind)) {
    storeFloat(info.kind, ptr, value);
  } else {
    storeInt(info, ptr, doubleToInt(info, value));
  }
}

void Content::setInt(int64_t index, int64_t value) {
  assert(ownsData && !(splat && index != 0) && "content is not writable");
  ElemInfo info{static_cast<ElemKind>(elemKindCode), elemWidth};
  char *ptr = owned.data() + (splat ? 0 : index * elemBytes);
  if (isFloatKind(info.kind)) {
    storeFloat(info.kind, ptr, static_cast<double>(value));
  } else {
    storeInt(info, ptr, value);
  }
}

//===----------------------------------------------------------------------===//
// Bulk conversion
//===----------------------------------------------------------------------===//
//
// `convertElements` decodes a block of elements into `double` (or `int64_t`
// between integer types) and encodes the block into the target type. Every
// storage encoding has its own instantiation of the decoding and encoding
// loops, built from the scalar helpers above with the encoding as a constant,
// so a bulk conversion gives exactly the per-element results of
// `getDouble`/`setDouble` (`getInt`/`setInt`) without their per-element
// dispatch.

/// Elements converted per block; the intermediate buffer stays in L1.
static constexpr int64_t kConvertBlock = 512;

static constexpr bool isFloatKindConst(ElemKind kind) {
  return kind == ElemKind::F16 || kind == ElemKind::BF16 ||
         kind == ElemKind::F32 || kind == ElemKind::F64;
}

namespace {
/// `getDouble` on `count` consecutive elements of encoding (Kind, Width).
struct DecodeDoubles {
  using Fn = void (*)(const char *src, int64_t count, double *dst);
  template <ElemKind Kind, unsigned Width>
  static void run(const char *src, int64_t count, double *dst) {
    constexpr ElemInfo info{Kind, Width};
    constexpr size_t bytes = Kind == ElemKind::Bool ? 1 : Width / 8;
    for (int64_t i = 0; i < count; ++i) {
      const char *ptr = src + i * bytes;
      if constexpr (isFloatKindConst(Kind)) {
        dst[i] = loadFloat(Kind, ptr);
      } else if constexpr (Kind == ElemKind::Unsigned && Width == 64) {
        uint64_t raw;
        std::memcpy(&raw, ptr, 8);
        dst[i] = static_cast<double>(raw);
      } else {
        dst[i] = static_cast<double>(loadInt(info, ptr));
      }
    }
  }
};

/// `getInt` on `count` consecutive elements of encoding (Kind, Width).
struct DecodeInts {
  using Fn = void (*)(const char *src, int64_t count, int64_t *dst);
  template <ElemKind Kind, unsigned Width>
  static void run(const char *src, int64_t count, int64_t *dst) {
    constexpr ElemInfo info{Kind, Width};
    constexpr size_t bytes = Kind == ElemKind::Bool ? 1 : Width / 8;
    for (int64_t i = 0; i < count; ++i) {
      const char *ptr = src + i * bytes;
      if constexpr (isFloatKindConst(Kind)) {
        dst[i] =
            roundSaturate(loadFloat(Kind, ptr), kFloatToIntMin, kFloatToIntMax);
      } else {
        dst[i] = loadInt(info, ptr);
      }
    }
  }
};

/// `setDouble` on `count` consecutive elements of encoding (Kind, Width).
struct EncodeDoubles {
  using Fn = void (*)(const double *src, int64_t count, char *dst);
  template <ElemKind Kind, unsigned Width>
  static void run(const double *src, int64_t count, char *dst) {
    constexpr ElemInfo info{Kind, Width};
    constexpr size_t bytes = Kind == ElemKind::Bool ? 1 : Width / 8;
    for (int64_t i = 0; i < count; ++i) {
      char *ptr = dst + i * bytes;
      if constexpr (isFloatKindConst(Kind)) {
        storeFloat(Kind, ptr, src[i]);
      } else {
        storeInt(info, ptr, doubleToInt(info, src[i]));
      }
    }
  }
};

/// `setInt` on `count` consecutive elements of encoding (Kind, Width).
struct EncodeInts {
  using Fn = void (*)(const int64_t *src, int64_t count, char *dst);
  template <ElemKind Kind, unsigned Width>
  static void run(const int64_t *src, int64_t count, char *dst) {
    constexpr ElemInfo info{Kind, Width};
    constexpr size_t bytes = Kind == ElemKind::Bool ? 1 : Width / 8;
    for (int64_t i = 0; i < count; ++i) {
      char *ptr = dst + i * bytes;
      if constexpr (isFloatKindConst(Kind)) {
        storeFloat(Kind, ptr, static_cast<double>(src[i]));
      } else {
        storeInt(info, ptr, src[i]);
      }
    }
  }
};
} // namespace

/// The instantiation of `Op::run` for the storage encoding `info`.
template <typename Op> static typename Op::Fn selectLoop(ElemInfo info) {
  switch (info.kind) {
  case ElemKind::Bool:
    return &Op::template run<ElemKind::Bool, 1>;
  case ElemKind::Signed:
    switch (info.width) {
    case 8:
      return &Op::template run<ElemKind::Signed, 8>;
    case 16:
      return &Op::template run<ElemKind::Signed, 16>;
    case 32:
      return &Op::template run<ElemKind::Signed, 32>;
    default:
      return &Op::template run<ElemKind::Signed, 64>;
    }
  case ElemKind::Unsigned:
    switch (info.width) {
    case 8:
      return &Op::template run<ElemKind::Unsigned, 8>;
    case 16:
      return &Op::template run<ElemKind::Unsigned, 16>;
    case 32:
      return &Op::template run<ElemKind::Unsigned, 32>;
    default:
      return &Op::template run<ElemKind::Unsigned, 64>;
    }
  case ElemKind::F16:
    return &Op::template run<ElemKind::F16, 16>;
  case ElemKind::BF16:
    return &Op::template run<ElemKind::BF16, 16>;
  case ElemKind::F32:
    return &Op::template run<ElemKind::F32, 32>;
  case ElemKind::F64:
    return &Op::template run<ElemKind::F64, 64>;
  }
  llvm_unreachable("unknown storage encoding");
}

/// Converts `count` elements from `src` to `dst` block by block through a
/// buffer of `Value` (`double` or `int64_t`).
template <typename Decode, typename Encode, typename Value>
static void convertBlocks(ElemInfo from, size_t fromBytes, const char *src,
                          ElemInfo to, size_t toBytes, char *dst,
                          int64_t count) {
  typename Decode::Fn decode = selectLoop<Decode>(from);
  typename Encode::Fn encode = selectLoop<Encode>(to);
  Value buffer[kConvertBlock];
  for (int64_t begin = 0; begin < count; begin += kConvertBlock) {
    int64_t n = std::min(kConvertBlock, count - begin);
    decode(src + begin * fromBytes, n, buffer);
    encode(buffer, n, dst + begin * toBytes);
  }
}

Content Content::convertElements(ShapedType outputType) const {
  assert(outputType.getShape() == type.getShape() &&
         "an element conversion keeps the shape");
  Content output = allocate(outputType, splat);
  ElemInfo from{static_cast<ElemKind>(elemKindCode), elemWidth};
  ElemInfo to{static_cast<ElemKind>(output.elemKindCode), output.elemWidth};
  int64_t count = splat ? 1 : getNumElements();
  if (!isFloatKind(from.kind) && !isFloatKind(to.kind)) {
    convertBlocks<DecodeInts, EncodeInts, int64_t>(from, elemBytes, data.data(),
                                                   to, output.elemBytes,
                                                   output.owned.data(), count);
  } else {
    convertBlocks<DecodeDoubles, EncodeDoubles, double>(
        from, elemBytes, data.data(), to, output.elemBytes, output.owned.data(),
        count);
  }
  return output;
}

//===----------------------------------------------------------------------===//
// getValue<T>
//===----------------------------------------------------------------------===//

/// Reads element `index` as the integer type T with saturation.
template <typename T>
static T getIntegerValue(const Content &content, int64_t index) {
  constexpr int64_t lo = static_cast<int64_t>(std::numeric_limits<T>::min());
  constexpr int64_t hi = static_cast<int64_t>(std::numeric_limits<T>::max());
  if (content.hasFloatElements()) {
    if constexpr (sizeof(T) == 8) {
      return static_cast<T>(content.getInt(index));
    } else {
      return static_cast<T>(roundSaturate(content.getDouble(index), lo, hi));
    }
  }
  int64_t value = content.getInt(index);
  if constexpr (sizeof(T) < 8) {
    value = std::min(std::max(value, lo), hi);
  }
  return static_cast<T>(value);
}

template <> float Content::getValue<float>(int64_t index) const {
  return static_cast<float>(getDouble(index));
}

template <> double Content::getValue<double>(int64_t index) const {
  return getDouble(index);
}

template <>
numeric::float16 Content::getValue<numeric::float16>(int64_t index) const {
  if (getElementType().isF16()) {
    uint16_t bits;
    std::memcpy(&bits, elementPtr(index), 2);
    return numeric::float16::fromBits(bits);
  }
  return numeric::float16(static_cast<float>(getDouble(index)));
}

template <>
numeric::bfloat16 Content::getValue<numeric::bfloat16>(int64_t index) const {
  if (getElementType().isBF16()) {
    uint16_t bits;
    std::memcpy(&bits, elementPtr(index), 2);
    return numeric::bfloat16::fromBits(bits);
  }
  return numeric::bfloat16(static_cast<float>(getDouble(index)));
}

template <> bool Content::getValue<bool>(int64_t index) const {
  ElemInfo info{static_cast<ElemKind>(elemKindCode), elemWidth};
  if (isFloatKind(info.kind)) {
    return getDouble(index) != 0.0;
  }
  return getInt(index) != 0;
}

#define VPUC_CONST_CONTENT_DEFINE_INT(T)                                       \
  template <> T Content::getValue<T>(int64_t index) const {                    \
    return getIntegerValue<T>(*this, index);                                   \
  }
VPUC_CONST_CONTENT_DEFINE_INT(int8_t)
VPUC_CONST_CONTENT_DEFINE_INT(uint8_t)
VPUC_CONST_CONTENT_DEFINE_INT(int16_t)
VPUC_CONST_CONTENT_DEFINE_INT(uint16_t)
VPUC_CONST_CONTENT_DEFINE_INT(int32_t)
VPUC_CONST_CONTENT_DEFINE_INT(uint32_t)
VPUC_CONST_CONTENT_DEFINE_INT(int64_t)
#undef VPUC_CONST_CONTENT_DEFINE_INT

} // namespace mlir::vpuc::Const
