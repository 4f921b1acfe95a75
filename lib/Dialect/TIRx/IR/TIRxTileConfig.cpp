//===- TIRxTileConfig.cpp - the tile primitives' options -----------------===//
//
// TileConfigAttr: the typed form of a tile op's `config {...}`. The text is
// a dictionary whose values may carry a type (`cta_group = 1 : i64`), so
// each value is parsed as an attribute and then checked against its key;
// the ranges are the verifier's.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/IR/DialectImplementation.h"

using namespace mlir;
using namespace uop::tirx;

namespace {
/// The fields while parsing; each key at most once.
struct ConfigFields {
  std::optional<int64_t> vec, ctaGroup, multicast;
  std::optional<bool> commit;
};

/// An integer value (not a bool) of `key`, or a located error.
ParseResult integerValue(AsmParser &p, SMLoc loc, StringRef key,
                         Attribute value, std::optional<int64_t> &out) {
  auto integer = dyn_cast<IntegerAttr>(value);
  if (!integer || isa<BoolAttr>(value) ||
      !isa<IntegerType, IndexType>(integer.getType()))
    return p.emitError(loc) << "config " << key << " must be an integer, got "
                            << value;
  out = integer.getInt();
  return success();
}

/// One `key = value`.
ParseResult parseEntry(AsmParser &p, ConfigFields &f) {
  SMLoc keyLoc = p.getCurrentLocation();
  std::string key;
  if (p.parseKeywordOrString(&key) || p.parseEqual())
    return failure();
  SMLoc loc = p.getCurrentLocation();
  Attribute value;
  if (p.parseAttribute(value))
    return failure();
  bool seen = (key == TileConfigAttr::kVec && f.vec) ||
              (key == TileConfigAttr::kCtaGroup && f.ctaGroup) ||
              (key == TileConfigAttr::kMulticast && f.multicast) ||
              (key == TileConfigAttr::kCommit && f.commit);
  if (seen)
    return p.emitError(keyLoc) << "config key '" << key << "' given twice";
  if (key == TileConfigAttr::kVec)
    return integerValue(p, loc, key, value, f.vec);
  if (key == TileConfigAttr::kCtaGroup)
    return integerValue(p, loc, key, value, f.ctaGroup);
  if (key == TileConfigAttr::kCommit) {
    auto flag = dyn_cast<BoolAttr>(value);
    if (!flag)
      return p.emitError(loc) << "config commit must be a bool, got " << value;
    f.commit = flag.getValue();
    return success();
  }
  if (key == TileConfigAttr::kMulticast) {
    if (auto flag = dyn_cast<BoolAttr>(value)) {
      f.multicast = flag.getValue() ? TileConfigAttr::kMulticastAll : 0;
      return success();
    }
    if (failed(integerValue(p, loc, key, value, f.multicast)))
      return failure();
    // 0 and kMulticastAll stand for false and true: as masks they are
    // the verifier's to reject, so they must not alias.
    if (*f.multicast <= 0)
      return p.emitError(loc) << "config multicast must be a bool or a "
                                 "non-zero 16-bit mask of the cluster's "
                                 "CTAs, got "
                              << value;
    return success();
  }
  return p.emitError(keyLoc)
         << "unknown config key '" << key
         << "' (known: commit, cta_group, multicast, vec)";
}
} // namespace

ParseResult TileConfigAttr::parseEntries(AsmParser &p,
                                         AsmParser::Delimiter delimiter,
                                         TileConfigAttr &result) {
  SMLoc loc = p.getCurrentLocation();
  ConfigFields f;
  if (p.parseCommaSeparatedList(delimiter, [&] { return parseEntry(p, f); }))
    return failure();
  result = getChecked([&] { return p.emitError(loc); }, p.getContext(),
                      f.vec, f.ctaGroup, f.multicast, f.commit);
  return success(static_cast<bool>(result));
}

void TileConfigAttr::printEntries(AsmPrinter &p, char open,
                                  char close) const {
  raw_ostream &os = p.getStream();
  os << open;
  llvm::ListSeparator sep;
  // Alphabetical, as the dictionary the text is prints.
  if (getCommit())
    os << sep << kCommit << " = " << (*getCommit() ? "true" : "false");
  if (getCtaGroup())
    os << sep << kCtaGroup << " = " << *getCtaGroup();
  if (std::optional<int64_t> mask = getMulticast()) {
    os << sep << kMulticast << " = ";
    if (*mask == kMulticastAll || *mask == 0)
      os << (*mask ? "true" : "false");
    else
      os << *mask;
  }
  if (getVec())
    os << sep << kVec << " = " << *getVec();
  os << close;
}

Attribute TileConfigAttr::parse(AsmParser &p, Type) {
  TileConfigAttr result;
  if (failed(parseEntries(p, AsmParser::Delimiter::LessGreater, result)))
    return {};
  return result;
}

void TileConfigAttr::print(AsmPrinter &p) const { printEntries(p, '<', '>'); }

SmallVector<StringRef, 4> TileConfigAttr::getSetKeys() const {
  SmallVector<StringRef, 4> keys;
  if (getCommit())
    keys.push_back(kCommit);
  if (getCtaGroup())
    keys.push_back(kCtaGroup);
  if (getMulticast())
    keys.push_back(kMulticast);
  if (getVec())
    keys.push_back(kVec);
  return keys;
}

LogicalResult
TileConfigAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       std::optional<int64_t> vec,
                       std::optional<int64_t> ctaGroup,
                       std::optional<int64_t> multicast,
                       std::optional<bool> commit) {
  // vec: elements per vector access.
  if (vec && (*vec < 1 || !llvm::isPowerOf2_64(*vec)))
    return emitError() << "config vec must be a positive power-of-two "
                          "integer (elements per access), got "
                       << *vec;
  // tcgen05's CTA group: one CTA or a CTA pair, nothing else exists.
  if (ctaGroup && *ctaGroup != 1 && *ctaGroup != 2)
    return emitError() << "config cta_group must be the integer 1 or 2, got "
                       << *ctaGroup;
  // multicast: every CTA, none, or a 16-bit mask (a cluster has at most 16).
  if (multicast && *multicast != kMulticastAll &&
      (*multicast < 0 || *multicast > 0xffff))
    return emitError() << "config multicast must be a bool or a non-zero "
                          "16-bit mask of the cluster's CTAs, got "
                       << *multicast;
  return success();
}
