/*===- uop-c/Dialects.h - uop-mlir dialects for the MLIR C API ----*- C -*-===*\
|*                                                                            *|
|* Dialect handles in the upstream C API style: register them on an           *|
|* MlirContext created by an MLIR C API client.                               *|
\*===----------------------------------------------------------------------===*/

#ifndef UOP_C_DIALECTS_H
#define UOP_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(UOp, uop);
MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(TIRx, tirx);

/// Registers every uop-mlir pass and pipeline (idempotent).
MLIR_CAPI_EXPORTED void uopRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* UOP_C_DIALECTS_H */
