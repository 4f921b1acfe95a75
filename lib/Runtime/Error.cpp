//===- Error.cpp - what the runtime reports when it fails -----------------===//

#include "uop/Runtime/Error.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace uop;

char RuntimeError::ID = 0;

RunStatus RuntimeError::getStatus() const {
  switch (errorKind) {
  case RuntimeErrorKind::BadInput:
    return kRunBadInput;
  case RuntimeErrorKind::NoDevice:
    return kRunNoGPU;
  case RuntimeErrorKind::NoCommunicator:
    return kRunNoCommunicator;
  case RuntimeErrorKind::CommunicatorFailed:
  case RuntimeErrorKind::CompileFailed:
  case RuntimeErrorKind::DriverFailed:
  case RuntimeErrorKind::LaunchFailed:
  case RuntimeErrorKind::CheckFailed:
    return kRunFailed;
  }
  return kRunFailed;
}

void RuntimeError::log(llvm::raw_ostream &os) const { os << text; }

std::error_code RuntimeError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

llvm::Error uop::makeError(RuntimeErrorKind kind, const llvm::Twine &message) {
  return llvm::make_error<RuntimeError>(kind, message.str());
}

char ProgramError::ID = 0;

llvm::Error uop::makeProgramError(mlir::Location loc,
                                  const llvm::Twine &message) {
  return llvm::make_error<ProgramError>(loc, message.str());
}

llvm::Error uop::diagnosedError(RuntimeErrorKind kind) {
  return makeError(kind, "");
}

llvm::Error uop::prependMessage(llvm::Error error, const llvm::Twine &prefix) {
  std::string head = prefix.str();
  return llvm::handleErrors(
      std::move(error),
      [&](const RuntimeError &e) {
        return makeError(e.getKind(), head + e.getMessage());
      },
      [&](const llvm::ErrorInfoBase &e) {
        return makeError(RuntimeErrorKind::CompileFailed, head + e.message());
      });
}

RunStatus uop::takeError(llvm::Error error, std::string &message) {
  if (!error) {
    message.clear();
    return kRunOk;
  }
  std::optional<RunStatus> status;
  std::string text;
  llvm::handleAllErrors(std::move(error), [&](const llvm::ErrorInfoBase &e) {
    if (!status) {
      status = e.isA<RuntimeError>()
                   ? static_cast<const RuntimeError &>(e).getStatus()
                   : kRunFailed;
    }
    if (!text.empty())
      text += "\n";
    text += e.message();
  });
  message = std::move(text);
  return status.value_or(kRunFailed);
}
