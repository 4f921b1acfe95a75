//===- Npy.cpp - NumPy .npy files, read and written -----------------------===//

#include "uop/Runtime/Npy.h"
#include "uop/Runtime/OutputFile.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
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

namespace {
/// What a .npy header says: the array without its bytes, where the data
/// starts, and how many bytes it has.
struct Header {
  npy::Array array;
  size_t dataOffset = 0;
  int64_t elements = 0;
  unsigned itemSize = 0;
  bool swap = false;
};
} // namespace

/// The header length in `prefix` (the first 12 bytes or fewer) and where
/// the header starts.
static llvm::Error headerExtent(StringRef prefix, StringRef what,
                                size_t &headerLen, size_t &offset) {
  if (!prefix.starts_with("\x93NUMPY") || prefix.size() < 10)
    return npyError(what + ": not a .npy file (no \\x93NUMPY magic)");
  unsigned major = (unsigned char)prefix[6];
  if (major == 1) {
    headerLen = (unsigned char)prefix[8] | (unsigned char)prefix[9] << 8;
    offset = 10;
  } else if (major == 2 || major == 3) {
    if (prefix.size() < 12)
      return npyError(what + ": truncated header");
    headerLen = 0;
    for (int i = 3; i >= 0; --i)
      headerLen = headerLen << 8 | (unsigned char)prefix[8 + i];
    offset = 12;
  } else {
    return npyError(what + ": unsupported .npy version " + llvm::Twine(major));
  }
  if (headerLen > npy::kMaxHeaderBytes)
    return npyError(what + ": the header is " + llvm::Twine(headerLen) +
                    " bytes, more than " + llvm::Twine(npy::kMaxHeaderBytes));
  return llvm::Error::success();
}

/// Parses the header at the start of `contents` (which holds at least the
/// whole header).
static llvm::Expected<Header> parseHeader(StringRef contents, StringRef what) {
  auto bad = [&](const llvm::Twine &why) {
    return npyError(what + ": " + why);
  };
  size_t headerLen = 0, offset = 0;
  if (llvm::Error err = headerExtent(contents, what, headerLen, offset))
    return std::move(err);
  if (contents.size() < offset + headerLen)
    return bad("truncated header");
  StringRef header = contents.substr(offset, headerLen).trim();
  if (!header.starts_with("{") || !header.ends_with("}"))
    return bad("the header is not a dict: " + header);
  for (StringRef key : {"descr", "fortran_order", "shape"})
    if (header.count(("'" + key + "'").str()) +
            header.count(("\"" + key + "\"").str()) > 1)
      return bad("the header has the key '" + key + "' twice");

  Header h;
  npy::Array &a = h.array;
  std::optional<StringRef> descr = headerValue(header, "descr");
  if (!descr || descr->size() < 2 ||
      !llvm::is_contained(StringRef("'\""), descr->front()))
    return bad("the header has no 'descr' string");
  StringRef d = descr->drop_front().drop_back();
  unsigned size = npy::itemSize(d);
  if (!size)
    return bad("unsupported dtype '" + d +
               "' (supported: bool, int8..int64, uint8..uint64, float16, "
               "float32, float64)");
  h.swap = d[0] == '>' && size > 1;
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
    if (llvm::MulOverflow(n, v, n) || llvm::MulOverflow(n, int64_t(size), h.elements))
      return bad("the shape " + *shape + " has more bytes than int64 holds");
  }
  h.elements = n;
  h.itemSize = size;
  h.dataOffset = offset + headerLen;
  return h;
}

/// Fills `a.bytes` from `body`, which must hold exactly the header's bytes.
static llvm::Error takeBody(Header &h, StringRef body, bool more,
                            StringRef what) {
  int64_t want = h.elements * h.itemSize;
  if ((int64_t)body.size() != want || more)
    return npyError(what + ": the data is " +
                    (more ? "more than " + llvm::Twine(want)
                          : llvm::Twine(body.size())) +
                    " bytes, the header says " + llvm::Twine(want));
  h.array.bytes.assign(body.begin(), body.end());
  if (h.swap)
    for (int64_t i = 0; i < h.elements; ++i)
      std::reverse(h.array.bytes.begin() + i * h.itemSize,
                   h.array.bytes.begin() + (i + 1) * h.itemSize);
  return llvm::Error::success();
}

llvm::Expected<npy::Array> npy::parse(StringRef contents, StringRef what) {
  llvm::Expected<Header> h = parseHeader(contents, what);
  if (!h)
    return h.takeError();
  if (llvm::Error err =
          takeBody(*h, contents.drop_front(h->dataOffset), false, what))
    return std::move(err);
  return std::move(h->array);
}

/// Reads up to `n` bytes of `fd` into `out` (appended); stops early at the
/// end of the file.
static llvm::Error readUpTo(llvm::sys::fs::file_t fd, size_t n,
                            std::string &out, StringRef path) {
  while (n > 0) {
    size_t chunk = std::min<size_t>(n, 1 << 20);
    size_t old = out.size();
    out.resize(old + chunk);
    llvm::Expected<size_t> got = llvm::sys::fs::readNativeFile(
        fd, llvm::MutableArrayRef<char>(out.data() + old, chunk));
    if (!got)
      return npyError("cannot read " + path + ": " +
                      llvm::toString(got.takeError()));
    out.resize(old + *got);
    if (*got == 0)
      return llvm::Error::success();
    n -= *got;
  }
  return llvm::Error::success();
}

llvm::Expected<npy::Array> npy::read(StringRef path,
                                     std::optional<int64_t> maxElements) {
  llvm::Expected<llvm::sys::fs::file_t> fd =
      llvm::sys::fs::openNativeFileForRead(path);
  if (!fd)
    return npyError("cannot read " + path + ": " +
                    llvm::toString(fd.takeError()));
  auto close = llvm::make_scope_exit([&] { llvm::sys::fs::closeFile(*fd); });
  // The prefix, the header, then exactly the bytes the header gives (and
  // one more, to tell an oversized file): never more, whatever the file.
  std::string contents;
  size_t headerLen = 0, offset = 0;
  if (llvm::Error err = readUpTo(*fd, 12, contents, path))
    return std::move(err);
  if (llvm::Error err = headerExtent(contents, path, headerLen, offset))
    return std::move(err);
  // The first read may already hold more than a tiny header.
  auto upTo = [&](size_t end) {
    return end > contents.size() ? end - contents.size() : 0;
  };
  if (llvm::Error err =
          readUpTo(*fd, upTo(offset + headerLen), contents, path))
    return std::move(err);
  llvm::Expected<Header> h = parseHeader(contents, path);
  if (!h)
    return h.takeError();
  if (maxElements && h->elements > *maxElements)
    return npyError(path + ": the header's shape has " +
                    llvm::Twine(h->elements) + " elements, the argument " +
                    "holds at most " + llvm::Twine(*maxElements));
  size_t want = h->elements * h->itemSize;
  if (llvm::Error err =
          readUpTo(*fd, upTo(h->dataOffset + want + 1), contents, path))
    return std::move(err);
  StringRef body = StringRef(contents).drop_front(h->dataOffset);
  bool more = body.size() > want;
  if (llvm::Error err = takeBody(*h, body.take_front(want), more, path))
    return std::move(err);
  return std::move(h->array);
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
  std::string head = "\x93NUMPY";
  head += char(v2 ? 2 : 1);
  head += char(0);
  size_t len = dict.size();
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i)
    head += char((len >> (8 * i)) & 0xFF);
  head += dict;
  // Whole or absent: a full disk leaves no truncated .npy behind.
  StringRef pieces[] = {head, StringRef(reinterpret_cast<const char *>(
                                            a.bytes.data()),
                                        a.bytes.size())};
  std::string err = writeFileAtomically(path, pieces);
  if (!err.empty())
    return npyError(err);
  return llvm::Error::success();
}
