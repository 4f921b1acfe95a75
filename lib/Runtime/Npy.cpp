//===- Npy.cpp - NumPy .npy files, read and written -----------------------===//

#include "uop/Runtime/Npy.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace uop;
using llvm::StringRef;

static llvm::Error npyError(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

unsigned npy::itemSize(StringRef descr) {
  static const char *known[] = {"b1", "i1", "u1", "i2", "u2", "f2", "i4",
                                "u4", "f4", "i8", "u8", "f8"};
  if (descr.size() != 3 || !llvm::is_contained(StringRef("<>|="), descr[0]) ||
      !llvm::is_contained(known, descr.drop_front()))
    return 0;
  return descr[2] - '0';
}

std::string npy::descrFor(mlir::Type elem, bool isUnsigned) {
  if (elem.isF16())
    return "<f2";
  if (elem.isF32() || elem.isBF16())
    return "<f4";
  if (elem.isF64())
    return "<f8";
  auto it = llvm::dyn_cast<mlir::IntegerType>(elem);
  if (!it)
    return "";
  unsigned w = it.getWidth();
  if (w == 1)
    return "|b1";
  if (w != 8 && w != 16 && w != 32 && w != 64)
    return "";
  return (llvm::Twine(w == 8 ? "|" : "<") + (isUnsigned ? "u" : "i") +
          llvm::Twine(w / 8))
      .str();
}

/// The value of `key` in the header dict: the text up to the next top-level
/// comma or the closing brace.
static std::optional<StringRef> headerValue(StringRef header, StringRef key) {
  for (char q : {'\'', '"'}) {
    std::string quoted = (llvm::Twine(q) + key + llvm::Twine(q)).str();
    size_t at = header.find(quoted);
    if (at == StringRef::npos)
      continue;
    StringRef rest = header.drop_front(at + quoted.size()).ltrim();
    if (!rest.consume_front(":"))
      return std::nullopt;
    rest = rest.ltrim();
    int depth = 0;
    for (size_t i = 0; i < rest.size(); ++i) {
      char c = rest[i];
      if (c == '(')
        ++depth;
      else if (c == ')')
        --depth;
      else if ((c == ',' && depth == 0) || (c == '}' && depth == 0))
        return rest.take_front(i).trim();
    }
    return std::nullopt;
  }
  return std::nullopt;
}

llvm::Expected<npy::Array> npy::parse(StringRef contents, StringRef what) {
  auto bad = [&](const llvm::Twine &why) {
    return npyError(what + ": " + why);
  };
  if (!contents.starts_with("\x93NUMPY") || contents.size() < 10)
    return bad("not a .npy file (no \\x93NUMPY magic)");
  unsigned major = (unsigned char)contents[6];
  size_t headerLen, offset;
  if (major == 1) {
    headerLen = (unsigned char)contents[8] | (unsigned char)contents[9] << 8;
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (contents.size() < 12)
      return bad("truncated header");
    headerLen = 0;
    for (int i = 3; i >= 0; --i)
      headerLen = headerLen << 8 | (unsigned char)contents[8 + i];
    offset = 12;
  } else {
    return bad("unsupported .npy version " + llvm::Twine(major));
  }
  if (contents.size() < offset + headerLen)
    return bad("truncated header");
  StringRef header = contents.substr(offset, headerLen).trim();
  if (!header.starts_with("{") || !header.ends_with("}"))
    return bad("the header is not a dict: " + header);

  Array a;
  std::optional<StringRef> descr = headerValue(header, "descr");
  if (!descr || descr->size() < 2 ||
      !llvm::is_contained(StringRef("'\""), descr->front()))
    return bad("the header has no 'descr' string");
  StringRef d = descr->drop_front().drop_back();
  unsigned size = itemSize(d);
  if (!size)
    return bad("unsupported dtype '" + d +
               "' (supported: bool, int8..int64, uint8..uint64, float16, "
               "float32, float64)");
  bool swap = d[0] == '>' && size > 1;
  a.descr = ((size == 1 ? "|" : "<") + d.drop_front()).str();

  std::optional<StringRef> fortran = headerValue(header, "fortran_order");
  if (!fortran)
    return bad("the header has no 'fortran_order'");
  if (*fortran == "True")
    return bad("Fortran-order arrays are not supported (save it with "
               "np.ascontiguousarray)");
  if (*fortran != "False")
    return bad("bad 'fortran_order' " + *fortran);

  std::optional<StringRef> shape = headerValue(header, "shape");
  if (!shape || !shape->starts_with("(") || !shape->ends_with(")"))
    return bad("the header has no 'shape' tuple");
  llvm::SmallVector<StringRef> dims;
  shape->drop_front().drop_back().split(dims, ',', -1, false);
  int64_t n = 1;
  for (StringRef dim : dims) {
    int64_t v;
    if (dim.trim().getAsInteger(10, v) || v < 0)
      return bad("bad dimension '" + dim.trim() + "' in shape " + *shape);
    a.shape.push_back(v);
    n *= v;
  }
  StringRef body = contents.drop_front(offset + headerLen);
  if ((int64_t)body.size() != n * size)
    return bad("the data is " + llvm::Twine(body.size()) +
               " bytes, the header says " + llvm::Twine(n * size));
  a.bytes.assign(body.begin(), body.end());
  if (swap)
    for (int64_t i = 0; i < n; ++i)
      std::reverse(a.bytes.begin() + i * size, a.bytes.begin() + (i + 1) * size);
  return a;
}

llvm::Expected<npy::Array> npy::read(StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buf =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!buf)
    return npyError("cannot read " + path + ": " + buf.getError().message());
  return parse((*buf)->getBuffer(), path);
}

llvm::Error npy::write(StringRef path, const Array &a) {
  std::string dict = "{'descr': '" + a.descr +
                     "', 'fortran_order': False, 'shape': (";
  for (int64_t d : a.shape)
    dict += std::to_string(d) + (a.shape.size() == 1 ? "," : ", ");
  if (a.shape.size() > 1)
    dict.resize(dict.size() - 2);
  dict += "), }";
  // Version 1.0 holds a header up to 65535 bytes; the header (with its
  // length field) pads with spaces to a multiple of 64 and ends in '\n'.
  bool v2 = dict.size() + 12 + 64 > 65535;
  size_t prefix = v2 ? 12 : 10;
  size_t total = (prefix + dict.size() + 1 + 63) / 64 * 64;
  dict.append(total - prefix - dict.size() - 1, ' ');
  dict += '\n';
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return npyError("cannot write " + path + ": " + ec.message());
  os << "\x93NUMPY" << char(v2 ? 2 : 1) << char(0);
  size_t len = dict.size();
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i)
    os << char((len >> (8 * i)) & 0xFF);
  os << dict;
  os.write(reinterpret_cast<const char *>(a.bytes.data()), a.bytes.size());
  os.close();
  if (os.has_error())
    return npyError("cannot write " + path + ": " + os.error().message());
  return llvm::Error::success();
}
