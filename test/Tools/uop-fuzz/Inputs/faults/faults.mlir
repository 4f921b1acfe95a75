// Each function names the fault that uop-fuzz --inject-faults raises for it.
func.func @fuzz_crash() {
  return
}
// -----
func.func @fuzz_fatal() {
  return
}
// -----
func.func @fuzz_hang() {
  return
}
// -----
func.func @fuzz_unlocated() {
  return
}
// -----
func.func @fuzz_c_warning() {
  return
}
