//===- OptimizeSearch.cpp - uop-optimize's search over schedules ----------===//
//
// A beam search in the manner of tinygrad's BEAM (OptimizeSearch.h): which
// schedules it tries is fixed by the kernel and the beam; which it keeps
// depends on the timer. The KernelTimer hook lives here too.
//
//===----------------------------------------------------------------------===//

#include "OptimizeSearch.h"
#include "OptimizeApply.h"
#include "RangeUtils.h"

#include "mlir/IR/OwningOpRef.h"

#include "llvm/ADT/StringSet.h"

#include <limits>
#include <mutex>

using namespace mlir;
using namespace uop;

namespace {
std::mutex &timerMutex() {
  static std::mutex m;
  return m;
}
KernelTimer &installedTimer() {
  static KernelTimer timer;
  return timer;
}
} // namespace

void uop::registerKernelTimer(KernelTimer timer) {
  std::lock_guard<std::mutex> lock(timerMutex());
  installedTimer() = std::move(timer);
}

KernelTimer uop::getKernelTimer() {
  std::lock_guard<std::mutex> lock(timerMutex());
  return installedTimer();
}

namespace {
using OptList = SmallVector<OptAttr>;

// The amounts tried, ascending: the heuristics' range and one step past.
constexpr int64_t kUpcasts[] = {2, 4, 8, 16, 32};
constexpr int64_t kUnrolls[] = {2, 4, 8};
constexpr int64_t kLanes[] = {8, 16, 32};
constexpr int64_t kBlocks[] = {128, 256, 512};
/// A candidate whose first run is this many times the best so far stops
/// there (the timer's bound).
constexpr double kBoundFactor = 3;

class ScheduleSearch {
public:
  ScheduleSearch(FunctionOp pristine, const SearchConfig &config,
                 const KernelTimer &timer)
      : pristine(pristine), config(config), timer(timer) {}

  FailureOr<SearchResult> run(ArrayRef<OptAttr> heuristic, std::string &why);

private:
  struct Timed {
    OptList opts;
    double ms;
  };

  /// A clone of the kernel with `opts` applied in order, and in `applied`
  /// the options as OptApplier records them; null when one does not apply.
  OwningOpRef<FunctionOp> applyTo(ArrayRef<OptAttr> opts, OptList &applied);
  /// Times `opts` unless they do not apply, make a kernel already timed, or
  /// the budget is spent; records the result.
  std::optional<double> evaluate(ArrayRef<OptAttr> opts);
  /// The timer on a clone whose opts_to_apply is `opts`.
  std::optional<double> measure(ArrayRef<OptAttr> opts, double boundMs);
  /// `base` with one option's amount doubled or halved, or one dropped.
  void neighbours(ArrayRef<OptAttr> base, SmallVectorImpl<OptList> &out);
  /// `base` and one more option on a range of the kernel it makes.
  void extensions(ArrayRef<OptAttr> base, SmallVectorImpl<OptList> &out);
  /// The fastest of all timed so far, first timed first among equals.
  SmallVector<Timed> fastest(size_t n) const;
  /// Re-times the heuristic's schedule and the winner side by side.
  void confirm(const OptList &heuristic, SearchResult &result);

  FunctionOp pristine;
  const SearchConfig &config;
  const KernelTimer &timer;
  llvm::StringSet<> seen;
  SmallVector<Timed> timed;
  int64_t tries = 0;
  std::string lastError;
};

OwningOpRef<FunctionOp> ScheduleSearch::applyTo(ArrayRef<OptAttr> opts,
                                                OptList &applied) {
  OwningOpRef<FunctionOp> kernel(pristine.clone());
  OptApplier applier(*kernel, /*cuda=*/false, /*tensorCores=*/false,
                     config.noLocals);
  for (OptAttr o : opts) {
    std::string why;
    if (failed(applier.apply(o, why)))
      return {};
  }
  if (!applier.unconsumed().empty())
    return {};
  applied.assign(applier.applied().begin(), applier.applied().end());
  return kernel;
}

std::optional<double> ScheduleSearch::measure(ArrayRef<OptAttr> opts,
                                              double boundMs) {
  OwningOpRef<FunctionOp> kernel(pristine.clone());
  SinkOp sink = kernel->getSink();
  KernelInfoAttr info = *sink.getInfo();
  sink.setInfoAttr(KernelInfoAttr::get(pristine.getContext(), info.getName(),
                                       info.getDontUseLocals(),
                                       ArrayRef<OptAttr>(), opts));
  llvm::Expected<double> ms = timer(*kernel, Target::CPU, boundMs);
  if (!ms) {
    lastError = llvm::toString(ms.takeError());
    return std::nullopt;
  }
  return *ms;
}

std::optional<double> ScheduleSearch::evaluate(ArrayRef<OptAttr> opts) {
  if (tries >= config.maxCandidates)
    return std::nullopt;
  OptList applied;
  OwningOpRef<FunctionOp> kernel = applyTo(opts, applied);
  if (!kernel)
    return std::nullopt;
  // Lists that make the same kernel (an amount of 0 or the whole extent,
  // options in another order) are one candidate.
  std::string key;
  llvm::raw_string_ostream os(key);
  kernel->print(os);
  if (!seen.insert(key).second)
    return std::nullopt;
  ++tries;
  double bound = timed.empty() ? std::numeric_limits<double>::infinity()
                               : kBoundFactor * fastest(1).front().ms;
  std::optional<double> ms = measure(applied, bound);
  if (ms)
    timed.push_back({applied, *ms});
  return ms;
}

void ScheduleSearch::neighbours(ArrayRef<OptAttr> base,
                                SmallVectorImpl<OptList> &out) {
  MLIRContext *ctx = pristine.getContext();
  for (auto [i, o] : llvm::enumerate(base)) {
    OptOps kind = o.getKind();
    bool scalable = kind == OptOps::Upcast || kind == OptOps::Unroll ||
                    kind == OptOps::Block || kind == OptOps::Pack;
    for (int64_t amount : {o.getArg() * 2, o.getArg() / 2}) {
      if (!scalable || o.getArg() < 2 || amount < 2)
        continue;
      OptList l(base);
      l[i] = OptAttr::get(ctx, kind, o.getAxis(), amount);
      out.push_back(l);
    }
    OptList l(base);
    l.erase(l.begin() + i);
    out.push_back(l);
  }
}

void ScheduleSearch::extensions(ArrayRef<OptAttr> base,
                                SmallVectorImpl<OptList> &out) {
  OptList applied;
  OwningOpRef<FunctionOp> kernel = applyTo(base, applied);
  if (!kernel)
    return;
  SmallVector<RangeOp> ranges;
  kernel->walk([&](RangeOp r) { ranges.push_back(r); });
  llvm::sort(ranges, [](RangeOp a, RangeOp b) {
    return a.getAxisId().getId() < b.getAxisId().getId();
  });
  MLIRContext *ctx = pristine.getContext();
  for (RangeOp r : ranges) {
    std::optional<int64_t> n = getConstantExtent(r);
    int64_t id = r.getAxisId().getId();
    auto add = [&](std::initializer_list<std::pair<OptOps, int64_t>> more) {
      OptList l(applied);
      for (auto [kind, arg] : more)
        l.push_back(OptAttr::get(ctx, kind, id, arg));
      out.push_back(l);
    };
    if (!n)
      continue;
    if (r.getAxisType() == AxisType::Loop)
      for (int64_t f : kUpcasts)
        if (f < *n)
          add({{OptOps::Upcast, f}});
    if (r.getAxisType() != AxisType::Reduce)
      continue;
    for (int64_t f : kUnrolls)
      if (f < *n)
        add({{OptOps::Unroll, f}});
    for (int64_t f : kLanes)
      if (f < *n)
        add({{OptOps::Upcast, f}});
    for (int64_t b : kBlocks) {
      if (2 * b > *n)
        continue;
      add({{OptOps::Pack, config.packRows},
           {OptOps::Prefetch, 0},
           {OptOps::Block, b}});
      add({{OptOps::Pack, 0}, {OptOps::Block, b}});
      add({{OptOps::Block, b}});
    }
  }
}

SmallVector<ScheduleSearch::Timed> ScheduleSearch::fastest(size_t n) const {
  SmallVector<Timed> sorted(timed);
  llvm::stable_sort(sorted,
                    [](const Timed &a, const Timed &b) { return a.ms < b.ms; });
  sorted.truncate(std::min(n, sorted.size()));
  return sorted;
}

void ScheduleSearch::confirm(const OptList &heuristic, SearchResult &result) {
  Timed best = fastest(1).front();
  result.best = heuristic;
  result.bestMs = result.heuristicMs;
  if (best.opts == heuristic)
    return;
  double inf = std::numeric_limits<double>::infinity();
  std::optional<double> again = measure(heuristic, inf);
  std::optional<double> winner = measure(best.opts, inf);
  if (!again || !winner)
    return;
  result.heuristicMs = *again;
  result.bestMs = *again;
  if (*winner < *again) {
    result.best = best.opts;
    result.bestMs = *winner;
  }
}

FailureOr<SearchResult> ScheduleSearch::run(ArrayRef<OptAttr> heuristic,
                                            std::string &why) {
  SearchResult result;
  std::optional<double> h = evaluate(heuristic);
  if (!h) {
    why = "cannot time the heuristic's schedule: " +
          (lastError.empty() ? std::string("it does not apply") : lastError);
    return failure();
  }
  OptList heuristicApplied = timed.front().opts;
  result.heuristicMs = *h;
  // tinygrad's starting point, the kernel without options, spelled
  // NOLOCALS (which changes nothing on the cpu): an empty list pins
  // nothing, so only a non-empty one replays as the winner.
  (void)evaluate(
      {OptAttr::get(pristine.getContext(), OptOps::NoLocals, 0, 0)});
  while (tries < config.maxCandidates) {
    double before = fastest(1).front().ms;
    SmallVector<OptList> candidates;
    for (const Timed &t : fastest(config.beam)) {
      neighbours(t.opts, candidates);
      extensions(t.opts, candidates);
    }
    bool any = false;
    for (const OptList &c : candidates)
      any |= evaluate(c).has_value();
    ++result.steps;
    if (!any || fastest(1).front().ms >= before)
      break;
  }
  result.timed = tries;
  confirm(heuristicApplied, result);
  return result;
}
} // namespace

FailureOr<SearchResult> uop::searchSchedule(FunctionOp pristine,
                                            ArrayRef<OptAttr> heuristic,
                                            const SearchConfig &config,
                                            const KernelTimer &timer,
                                            std::string &why) {
  ScheduleSearch search(pristine, config, timer);
  return search.run(heuristic, why);
}
