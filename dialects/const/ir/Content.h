//===- Content.h - Materialised constant content ----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// `Content`: the bytes of a constant (owned, or borrowed from an attribute)
// together with their type, as produced by `ContentAttr::fold()`. Elements are
// stored in the memory order of the type (the layout convention of
// core/shape/ShapedTypeUtils.h), one storage element per element: `i1` as one
// byte (0 or 1), quantized types as their storage integer, `f16`/`bf16` as
// their 16-bit patterns. A splat content stores one element only.
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_DIALECTS_CONST_IR_CONTENT_H_
#define VPUC_DIALECTS_CONST_IR_CONTENT_H_

#include <cstdint>
#include <vector>

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::vpuc::numeric {
class float16;
class bfloat16;
} // namespace mlir::vpuc::numeric

namespace mlir::vpuc::Const {

/// The constant bytes of a shaped type, owned or borrowed.
class Content {
public:
  /// Content viewing `data` (not copied; it must outlive the content). `data`
  /// holds one storage element when `isSplat`, all of them otherwise.
  static Content fromBorrowed(ShapedType type, ArrayRef<char> data,
                              bool isSplat);

  /// Content owning `data`.
  static Content fromOwned(ShapedType type, std::vector<char> data,
                           bool isSplat);

  /// Zero-filled owned content (one element when `isSplat`).
  static Content allocate(ShapedType type, bool isSplat);

  /// Returns true if `elemType` can be stored in a `Content`: integers of
  /// width 1, 8, 16, 32, 64, `f16`, `bf16`, `f32`, `f64`, and uniform
  /// quantized types whose storage type is one of these integers.
  static bool isSupportedElementType(Type elemType);

  /// The storage element type: the storage type of a quantized type, the
  /// element type itself otherwise.
  static Type getStorageElementType(Type elemType);

  /// The bytes one element of `elemType` takes in a `Content`.
  static size_t getElementByteSize(Type elemType);

  ShapedType getType() const { return type; }
  Type getElementType() const { return type.getElementType(); }
  int64_t getNumElements() const { return type.getNumElements(); }
  bool isSplat() const { return splat; }
  size_t getElementByteSize() const { return elemBytes; }
  bool isOwned() const { return ownsData; }

  /// Returns true if the elements are floats (`f16`, `bf16`, `f32`, `f64`).
  bool hasFloatElements() const { return elemKindCode >= kFirstFloatKind; }

  /// The stored bytes: one element when splat.
  ArrayRef<char> getRawStorage() const { return data; }

  /// The stored bytes, writable; copies borrowed bytes first.
  MutableArrayRef<char> getMutableRawStorage();

  /// The size of the full (expanded) content in bytes.
  size_t getSizeInBytes() const {
    return static_cast<size_t>(getNumElements()) * elemBytes;
  }

  /// Writes the full content (splats expanded) in storage layout to `dst`,
  /// which must hold `getSizeInBytes()` bytes.
  void copyTo(MutableArrayRef<char> dst) const;

  /// Returns the same bytes with another type of the same storage element
  /// size and, unless splat, the same element count (a reinterpretation).
  Content withType(ShapedType newType) &&;

  /// Returns a splat-free copy (owned, all elements stored).
  Content expandSplat() &&;

  /// The element at storage position `index` (memory order), converted to
  /// `T`. Supported `T`: float, double, numeric::float16, numeric::bfloat16,
  /// bool, int8_t, uint8_t, int16_t, uint16_t, int32_t, uint32_t, int64_t.
  /// Floats convert to integers by rounding to nearest even with saturation,
  /// integers convert to integers with saturation, anything to bool is
  /// `!= 0`. Quantized elements read as their stored integers.
  template <typename T> T getValue(int64_t index) const;

  /// The splat element converted to `T`.
  template <typename T> T getSplatValue() const { return getValue<T>(0); }

  /// All elements in memory order converted to `T`.
  template <typename T> SmallVector<T> getValues() const {
    SmallVector<T> result;
    int64_t count = getNumElements();
    result.reserve(count);
    for (int64_t i = 0; i < count; ++i) {
      result.push_back(getValue<T>(i));
    }
    return result;
  }

  /// Returns this content converted element by element to the element type
  /// of `outputType`, which must have the same shape (splat stays splat).
  /// The result is the one of `setInt(i, getInt(i))` on every element when
  /// both element types are integers (or quantized storage), and of
  /// `setDouble(i, getDouble(i))` otherwise; the loops are typed per pair of
  /// storage encodings, so the cost is one pass over the bytes.
  Content convertElements(ShapedType outputType) const;

  /// Element-level access in the two computation domains: `double` for
  /// floats and `int64_t` for integers. The setters convert with the rules
  /// of `getValue`; they require owned, writable storage.
  double getDouble(int64_t index) const;
  int64_t getInt(int64_t index) const;
  void setDouble(int64_t index, double value);
  void setInt(int64_t index, int64_t value);

private:
  Content(ShapedType type, bool splat);

public:
  Content(const Content &other);
  Content(Content &&other) noexcept;
  Content &operator=(const Content &other);
  Content &operator=(Content &&other) noexcept;

private:
  const char *elementPtr(int64_t index) const {
    return data.data() + (splat ? 0 : static_cast<size_t>(index) * elemBytes);
  }

  /// Caches the element encoding of `type` (see Content.cpp).
  void cacheElementInfo();

  static constexpr unsigned kFirstFloatKind = 3;

  ShapedType type;
  bool splat = false;
  unsigned elemKindCode = 0;
  unsigned elemWidth = 0;
  size_t elemBytes = 0;
  bool ownsData = false;
  std::vector<char> owned;
  ArrayRef<char> data;
};

// Explicit instantiations live in Content.cpp.
#define VPUC_CONST_CONTENT_DECLARE(T)                                          \
  template <> T Content::getValue<T>(int64_t index) const;
VPUC_CONST_CONTENT_DECLARE(float)
VPUC_CONST_CONTENT_DECLARE(double)
VPUC_CONST_CONTENT_DECLARE(numeric::float16)
VPUC_CONST_CONTENT_DECLARE(numeric::bfloat16)
VPUC_CONST_CONTENT_DECLARE(bool)
VPUC_CONST_CONTENT_DECLARE(int8_t)
VPUC_CONST_CONTENT_DECLARE(uint8_t)
VPUC_CONST_CONTENT_DECLARE(int16_t)
VPUC_CONST_CONTENT_DECLARE(uint16_t)
VPUC_CONST_CONTENT_DECLARE(int32_t)
VPUC_CONST_CONTENT_DECLARE(uint32_t)
VPUC_CONST_CONTENT_DECLARE(int64_t)
#undef VPUC_CONST_CONTENT_DECLARE

} // namespace mlir::vpuc::Const

#endif // VPUC_DIALECTS_CONST_IR_CONTENT_H_
