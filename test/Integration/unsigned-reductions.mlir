// REQUIRES: numpy
// MAX / MIN over unsigned integers: `umax` / `umin` compare unsigned (the
// sign flip Python used to need is gone). Rows mix values above and below
// 2^31 (u32) and 2^7 (u8), where signed and unsigned order differ; numpy's
// uint reductions are the reference, and the interpreter agrees (--check).
// `max` on the same bits compares signed: its row maxima differ, which the
// SIGNED check shows.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/a.npy', np.array([[1, 0x80000000, 7], [0xFFFFFFFF, 3, 0x7FFFFFFF], [5, 6, 4], [0x90000000, 0xA0000000, 2]], dtype=np.uint32)); np.save('%t/b.npy', np.array([[200, 1, 127], [128, 255, 0]], dtype=np.uint8))"
// RUN: uop-run %s --entry u32 --target cpu --input a=%t/a.npy --output-dir %t/u32 --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry u8 --target cpu --input b=%t/b.npy --output-dir %t/u8 --check --repeat 1 | FileCheck %s
// RUN: %python -c "import numpy as np; a = np.load('%t/a.npy'); b = np.load('%t/b.npy'); assert (np.load('%t/u32/0.npy') == a.max(1)).all(); assert (np.load('%t/u32/1.npy') == a.min(1)).all(); assert (np.load('%t/u8/0.npy') == b.max(1)).all(); assert (np.load('%t/u8/1.npy') == b.min(1)).all(); s = np.load('%t/u32/2.npy'); print('signed', (s == a.view(np.int32).max(1)).all(), (s == a.max(1).view(np.int32)).all()); print('numpy ok')" | FileCheck %s --check-prefix=NUMPY

// CHECK: mismatches=0 check=pass
// NUMPY: signed True False
// NUMPY: numpy ok
func.func @u32(%a: tensor<4x3xi32> {uop.unsigned})
    -> (tensor<4xi32> {uop.unsigned}, tensor<4xi32> {uop.unsigned}, tensor<4xi32>) {
  %m = uop.reduce_axis umax %a [1] : tensor<4x3xi32> -> tensor<4xi32>
  %n = uop.reduce_axis umin %a [1] : tensor<4x3xi32> -> tensor<4xi32>
  %s = uop.reduce_axis max %a [1] : tensor<4x3xi32> -> tensor<4xi32>
  return %m, %n, %s : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

func.func @u8(%b: tensor<2x3xi8> {uop.unsigned})
    -> (tensor<2xi8> {uop.unsigned}, tensor<2xi8> {uop.unsigned}) {
  %m = uop.reduce_axis umax %b [1] : tensor<2x3xi8> -> tensor<2xi8>
  %n = uop.reduce_axis umin %b [1] : tensor<2x3xi8> -> tensor<2xi8>
  return %m, %n : tensor<2xi8>, tensor<2xi8>
}
