//===- uop-ptx-forms.cpp - The instruction forms of PTX files -------------===//
//
//   uop-ptx-forms FILE.ptx...
//
// Prints every distinct instruction form (the opcode with its modifiers,
// e.g. `ld.global.nc.v4.b32`) of the files, one per line, sorted, with
// `ok` or `MISSING: <why>` after it: whether the emulator decodes it. Exits
// 1 when a form is missing, so the inventory test fails as soon as the
// compiler emits a form the emulator lacks (docs/gpu-emulator.md).
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cctype>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

namespace uop::emu {
bool decodeInstruction(const std::string &opcode, Inst &inst,
                       std::string &error);
}

namespace {

// The opcodes of a PTX line (inline asm puts several statements, in
// braces, on one line); directives, labels and braces are skipped.
void opcodesOf(std::string line, std::set<std::string> &out) {
  size_t c = line.find("//");
  if (c != std::string::npos)
    line.resize(c);
  for (char &ch : line)
    if (ch == '{' || ch == '}')
      ch = ';';
  std::istringstream stmts(line);
  std::string stmt;
  while (std::getline(stmts, stmt, ';')) {
    std::istringstream in(stmt);
    std::string tok;
    if (!(in >> tok))
      continue;
    if (tok[0] == '@' && !(in >> tok)) // a guard: `@%p1 bra ...`
      continue;
    if (std::isalpha(static_cast<unsigned char>(tok[0])) && tok.back() != ':')
      out.insert(tok);
  }
}

// Whether the emulator's decoder takes the form. Operands are dummies, so
// an error about their number or shape means the form itself is known (the
// real operands are checked when a module is loaded).
std::string decodes(const std::string &form) {
  using namespace uop::emu;
  for (unsigned n = 0; n <= 8; ++n) {
    Inst inst;
    Operand imm;
    imm.kind = Operand::Imm;
    imm.imm = 16;
    inst.ops.assign(n, imm);
    std::string why;
    if (decodeInstruction(form, inst, why))
      return "";
    if (why.find("operand") == std::string::npos &&
        why.find("takes") == std::string::npos)
      return why;
  }
  return "";
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: uop-ptx-forms FILE.ptx...\n");
    return 2;
  }
  std::set<std::string> forms;
  for (int i = 1; i < argc; ++i) {
    std::ifstream f(argv[i]);
    if (!f) {
      std::fprintf(stderr, "uop-ptx-forms: cannot read %s\n", argv[i]);
      return 2;
    }
    std::string line;
    while (std::getline(f, line))
      opcodesOf(line, forms);
  }
  int status = 0;
  for (const std::string &form : forms) {
    std::string why = decodes(form);
    std::printf("%s %s\n", form.c_str(),
                why.empty() ? "ok" : ("MISSING: " + why).c_str());
    if (!why.empty())
      status = 1;
  }
  return status;
}
