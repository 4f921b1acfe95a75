//===- References.cpp - host references of tirx kernels -------------------===//

#include "uop/Runtime/References.h"

#include <algorithm>

using namespace mlir;
using namespace uop;

KernelBuffers uop::makeKernelBuffers(tirx::PrimFuncOp fn, uint64_t seed) {
  KernelBuffers k;
  std::mt19937_64 rng(seed);
  SmallVector<tirx::BufferType> buffers;
  for (Type t : fn.getArgumentTypes())
    if (auto bt = dyn_cast<tirx::BufferType>(t))
      buffers.push_back(bt);
  for (auto [i, bt] : llvm::enumerate(buffers)) {
    DType d{bt.getElementType()};
    HostTensor h;
    h.shape = llvm::to_vector(bt.getShape());
    HostBuffer b;
    if (i + 1 != buffers.size()) {
      fillRandom(h, d, rng);
      b = HostBuffer::fromValues(d, h);
    } else {
      b.dtype = d;
      b.shape = h.shape;
      b.bytes.resize(h.numElements() * d.bytes());
    }
    if (d.isFloat())
      h.data.resize(h.numElements()); // the output: zeros
    // The host references compute in double: integers as numbers too.
    else
      for (int64_t e = 0; e < h.numElements(); ++e)
        h.data.push_back(h.ints.empty() ? 0.0 : d.asDouble(h.ints[e]));
    h.ints.clear();
    k.values.push_back(std::move(h));
    k.buffers.push_back(std::move(b));
  }
  return k;
}

void uop::compareGemm(const HostTensor &got, const HostTensor &a,
                      const HostTensor &b, bool transposedB, DType outType,
                      uint64_t seed, Comparison &c) {
  int64_t m = got.shape[0], n = got.shape[1], k = a.shape[1];
  int64_t total = m * n, samples = total * k > (1ll << 32) ? 65536 : total;
  std::mt19937_64 pick(seed);
  HostTensor g, r;
  g.shape = r.shape = {samples};
  for (int64_t s = 0; s < samples; ++s) {
    int64_t idx = samples == total ? s : (int64_t)(pick() % total);
    int64_t i = idx / n, j = idx % n;
    double acc = 0;
    for (int64_t p = 0; p < k; ++p)
      acc += a.data[i * k + p] *
             (transposedB ? b.data[j * k + p] : b.data[p * n + j]);
    g.data.push_back(got.data[idx]);
    r.data.push_back(acc);
  }
  compare(g, r, outType, c, std::max(outType.tolerance(), double(k) * 0x1p-24));
}

llvm::Error uop::checkReference(tirx::ReferenceKind ref,
                                const KernelBuffers &k, uint64_t seed,
                                Comparison &c) {
  size_t needed = ref == tirx::ReferenceKind::Copy ? 2 : 3;
  if (k.buffers.size() < needed)
    return llvm::createStringError(
        "the reference '" + tirx::stringifyReferenceKind(ref) + "' needs " +
        llvm::Twine(needed) + " buffer parameters, the kernel has " +
        llvm::Twine(k.buffers.size()));
  // The output as the numbers it holds (integers too: the references are
  // computed in double).
  const HostBuffer &out = k.buffers.back();
  HostTensor got;
  got.shape = out.shape;
  got.data.resize(out.numElements());
  for (size_t i = 0; i < got.data.size(); ++i)
    got.data[i] = out.dtype.load(out.bytes.data() + i * out.dtype.bytes());
  if (ref == tirx::ReferenceKind::Copy)
    compare(got, k.values.front(), k.buffers.front().dtype, c);
  else
    compareGemm(got, k.values[0], k.values[1],
                ref == tirx::ReferenceKind::GemmNT, out.dtype, seed, c);
  return llvm::Error::success();
}
