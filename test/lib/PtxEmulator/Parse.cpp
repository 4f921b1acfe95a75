//===- Parse.cpp - PTX text to decoded functions --------------------------===//
//
// Reads the PTX subset a PTX producer writes (PTX ISA chapter 4, "Syntax";
// chapter 5 for state spaces and variables; 11 for directives): module
// directives, variables, entries and functions with scoped register
// declarations and labels (inline-asm `{ }` blocks have their own). Every
// instruction goes through Decode.cpp, which rejects what it does not know.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <cctype>
#include <cstdarg>
#include <cstring>

namespace uop::emu {
bool decodeInstruction(const std::string &opcode, Inst &inst,
                       std::string &error);

namespace {

struct Token {
  std::string text;
  uint32_t line;
};

bool isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%' || c == '.';
}
bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%' || c == '.';
}

// Splits PTX into identifiers (dots and `::` included, so an opcode with its
// modifiers is one token), numbers, strings and punctuation.
bool tokenize(const char *p, std::vector<Token> &out, std::string &error) {
  uint32_t line = 1;
  while (*p) {
    char c = *p;
    if (c == '\n') {
      ++line, ++p;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++p;
    } else if (c == '/' && p[1] == '/') {
      while (*p && *p != '\n')
        ++p;
    } else if (c == '/' && p[1] == '*') {
      p += 2;
      while (*p && !(p[0] == '*' && p[1] == '/'))
        line += *p++ == '\n';
      if (*p)
        p += 2;
    } else if (c == '"') {
      const char *s = p++;
      while (*p && *p != '"' && *p != '\n')
        ++p;
      if (*p != '"') {
        error = "line " + std::to_string(line) + ": unterminated string";
        return false;
      }
      ++p;
      out.push_back({std::string(s, p), line});
    } else if (isIdentStart(c) || std::isdigit(static_cast<unsigned char>(c))) {
      const char *s = p;
      while (*p && (isIdentChar(*p) || (p[0] == ':' && p[1] == ':'))) {
        if (*p == ':')
          ++p;
        ++p;
      }
      out.push_back({std::string(s, p), line});
    } else {
      out.push_back({std::string(1, c), line});
      ++p;
    }
  }
  return true;
}

// Scoped names: registers are resolved as they are declared, labels at the
// end of the function (they may be used before they appear).
struct Scope {
  std::map<std::string, uint32_t> regs;
  std::map<std::string, uint32_t> labels;
  int parent = -1;
};

struct LabelUse {
  uint32_t inst, operand;
  std::string name;
  int scope;
};

class Parser {
public:
  Parser(std::vector<Token> toks, Module &m) : toks(std::move(toks)), mod(m) {}
  bool run();
  std::string error;

private:
  bool fail(const char *fmt, ...) __attribute__((format(printf, 2, 3)));
  bool atEnd() const { return pos >= toks.size(); }
  const std::string &peek(size_t k = 0) const {
    static const std::string eof;
    return pos + k < toks.size() ? toks[pos + k].text : eof;
  }
  uint32_t line() const {
    return toks.empty() ? 0 : toks[std::min(pos, toks.size() - 1)].line;
  }
  bool accept(const char *t) {
    if (peek() != t)
      return false;
    ++pos;
    return true;
  }
  bool expect(const char *t) {
    return accept(t) || fail("expected '%s', found '%s'", t, peek().c_str());
  }
  bool number(uint64_t &v);
  bool skipStatement();

  bool parseVariable(Space space, bool isExtern, std::vector<Symbol> &out);
  bool parseInitializer(Symbol &s, unsigned elemBytes);
  bool parseFunction(bool isEntry);
  bool parseParams(Function &f, bool isEntry);
  bool parsePerformanceDirective();
  bool parseBody(Function &f);
  bool parseStatement(Function &f);
  bool parseRegDecl(Function &f);
  bool parseInstruction(Function &f);
  bool parseOperand(Function &f, Operand &o);
  bool parseAddress(Function &f, Operand &o);
  bool parseImmediate(Operand &o);
  bool resolveLabels(Function &f);
  bool checkCtaGroup(const Function &f);
  bool layoutFunction(Function &f);
  int findSymbol(const Function &f, const std::string &name) const;
  int paramSymbol(Function &f, const std::string &name);
  bool lookupReg(const std::string &name, uint32_t &reg);

  std::vector<Token> toks;
  size_t pos = 0;
  Module &mod;
  std::vector<Scope> scopes;
  int scope = -1;
  std::vector<LabelUse> labelUses;
};

bool Parser::fail(const char *fmt, ...) {
  char buf[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, args);
  va_end(args);
  if (error.empty())
    error = "PTX line " + std::to_string(line()) + ": " + buf;
  return false;
}

bool parseInteger(const std::string &t, uint64_t &v) {
  if (t.empty() || !std::isdigit(static_cast<unsigned char>(t[0])))
    return false;
  char *end = nullptr;
  int base = 10;
  const char *s = t.c_str();
  if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
    base = 16, s += 2;
  errno = 0;
  v = std::strtoull(s, &end, base);
  if (*end == 'U' || *end == 'u')
    ++end;
  return errno == 0 && *end == 0;
}

bool Parser::number(uint64_t &v) {
  if (parseInteger(peek(), v)) {
    ++pos;
    return true;
  }
  return fail("expected a number, found '%s'", peek().c_str());
}

bool Parser::skipStatement() {
  while (!atEnd() && peek() != ";")
    ++pos;
  return expect(";");
}

bool Parser::run() {
  scopes.push_back({});
  while (!atEnd()) {
    const std::string &t = peek();
    if (t == ".version" || t == ".address_size") {
      pos += 2;
    } else if (t == ".target") {
      ++pos;
      mod.target = peek();
      ++pos;
      while (accept(","))
        ++pos; // .target sm_90a, texmode_independent
      if (mod.target.compare(0, 3, "sm_"))
        return fail("unknown .target '%s'", mod.target.c_str());
      mod.targetNumber = std::atoi(mod.target.c_str() + 3);
    } else if (t == ".visible" || t == ".weak" || t == ".common") {
      ++pos;
    } else if (t == ".entry" || t == ".func") {
      ++pos;
      if (!parseFunction(t == ".entry"))
        return false;
    } else if (t == ".extern" && peek(1) == ".func") {
      return fail("external functions are not implemented");
    } else if (t == ".extern" || t == ".global" || t == ".shared" ||
               t == ".const") {
      bool ext = accept(".extern");
      Space sp = peek() == ".shared" ? Space::Shared
                 : peek() == ".const" ? Space::Const
                                      : Space::Global;
      ++pos;
      if (!parseVariable(sp, ext, mod.globals))
        return false;
    } else {
      return fail("unexpected '%s' at module scope", t.c_str());
    }
  }
  for (auto &g : mod.globals) {
    if (g.space == Space::Shared)
      continue;
    std::vector<uint8_t> data(g.size ? g.size : 1, 0);
    std::copy(g.init.begin(), g.init.end(), data.begin());
    mod.globalData[g.name] = std::move(data);
  }
  return true;
}

// `.align A .b8 name[N] (= {...})?;` after the state space.
bool Parser::parseVariable(Space space, bool isExtern,
                           std::vector<Symbol> &out) {
  Symbol s;
  s.space = space;
  s.isExtern = isExtern;
  uint64_t elemBytes = 0;
  for (;;) {
    if (accept(".align")) {
      if (!number(s.align))
        return false;
      continue;
    }
    Ty t = parseTy(peek());
    if (t == Ty::None)
      break;
    elemBytes = std::max(1u, tyBits(t) / 8);
    ++pos;
  }
  if (!elemBytes)
    return fail("variable without a type");
  s.align = std::max<uint64_t>(s.align, elemBytes);
  s.name = peek();
  ++pos;
  uint64_t count = 1;
  if (accept("[")) {
    if (peek() == "]") {
      if (!isExtern)
        return fail("an unsized array must be .extern");
      count = 0;
    } else if (!number(count)) {
      return false;
    }
    if (!expect("]"))
      return false;
  }
  s.size = count * elemBytes;
  if (accept("=") && !parseInitializer(s, elemBytes))
    return false;
  out.push_back(std::move(s));
  return expect(";");
}

bool Parser::parseInitializer(Symbol &s, unsigned elemBytes) {
  bool braces = accept("{");
  do {
    uint64_t v = 0;
    bool neg = accept("-");
    if (!number(v))
      return false;
    if (neg)
      v = -v;
    for (unsigned b = 0; b < elemBytes; ++b)
      s.init.push_back(uint8_t(v >> (8 * b)));
  } while (braces && accept(","));
  return !braces || expect("}");
}

bool Parser::parseFunction(bool isEntry) {
  Function f;
  f.isEntry = isEntry;
  if (!isEntry && accept("(")) // return value
    return fail("functions with return values are not implemented");
  f.name = peek();
  ++pos;
  if (!parseParams(f, isEntry))
    return false;
  while (peek() != "{" && peek() != ";")
    if (!parsePerformanceDirective())
      return false;
  if (accept(";")) // a declaration
    return true;
  for (auto &g : mod.globals)
    f.symbols.push_back(g);
  if (!parseBody(f) || !resolveLabels(f) || !checkCtaGroup(f) ||
      !layoutFunction(f))
    return false;
  std::string name = f.name;
  mod.functions[name] = std::move(f);
  return true;
}

bool Parser::parseParams(Function &f, bool isEntry) {
  if (!expect("("))
    return false;
  while (!accept(")")) {
    if (!expect(".param"))
      return false;
    Param p;
    uint64_t elem = 0, count = 1;
    for (;;) {
      if (accept(".align")) {
        if (!number(p.align))
          return false;
      } else if (accept(".ptr") || accept(".global") || accept(".shared") ||
                 accept(".const") || accept(".local")) {
      } else if (parseTy(peek()) != Ty::None) {
        elem = std::max(1u, tyBits(parseTy(peek())) / 8);
        ++pos;
      } else {
        break;
      }
    }
    p.name = peek();
    ++pos;
    if (accept("[")) {
      if (!number(count) || !expect("]"))
        return false;
    }
    if (!elem)
      return fail("parameter '%s' without a type", p.name.c_str());
    p.size = elem * count;
    p.align = std::max(p.align, elem);
    f.params.push_back(p);
    if (!accept(",") && peek() != ")")
      return fail("expected ',' or ')' in the parameter list");
  }
  if (!isEntry && !f.params.empty())
    return fail("device functions with parameters are not implemented");
  return true;
}

bool Parser::parsePerformanceDirective() {
  static const char *known[] = {".reqntid", ".maxntid", ".minnctapersm",
                                ".maxnreg", ".reqnctapercluster",
                                ".explicitcluster", ".maxclusterrank",
                                ".noreturn", ".pragma"};
  for (const char *k : known)
    if (peek() == k) {
      ++pos;
      while (!atEnd() && peek() != "{" && peek() != ";" &&
             (peek()[0] != '.' || peek() == ".")) {
        ++pos;
      }
      accept(";");
      return true;
    }
  return fail("unknown directive '%s'", peek().c_str());
}

bool Parser::parseBody(Function &f) {
  if (!expect("{"))
    return false;
  scopes.clear();
  scopes.push_back({});
  scope = 0;
  labelUses.clear();
  int depth = 1;
  while (depth > 0) {
    if (atEnd())
      return fail("unterminated function body");
    if (accept("{")) {
      scopes.push_back({});
      scopes.back().parent = scope;
      scope = int(scopes.size()) - 1;
      ++depth;
    } else if (accept("}")) {
      scope = scopes[scope].parent;
      --depth;
    } else if (!parseStatement(f)) {
      return false;
    }
  }
  return true;
}

bool Parser::parseStatement(Function &f) {
  const std::string &t = peek();
  if (peek(1) == ":" && t[0] != '.' && t[0] != '@') { // a label
    scopes[scope].labels[t] = uint32_t(f.code.size());
    pos += 2;
    return true;
  }
  if (t == ".reg")
    return parseRegDecl(f);
  if (t == ".local" || t == ".shared" ||
      (t == ".extern" && peek(1) == ".shared")) {
    bool ext = accept(".extern");
    Space sp = peek() == ".local" ? Space::Local : Space::Shared;
    ++pos;
    return parseVariable(sp, ext, f.symbols);
  }
  if (t == ".pragma" || t == ".loc" || t == ".file")
    return skipStatement();
  return parseInstruction(f);
}

// `.reg .b32 %r<20>;` declares %r0..%r19; `.reg .pred p, q;` names them.
bool Parser::parseRegDecl(Function &f) {
  ++pos;
  accept(".v2") || accept(".v4");
  if (parseTy(peek()) == Ty::None)
    return fail("expected a register type, found '%s'", peek().c_str());
  ++pos;
  do {
    std::string name = peek();
    ++pos;
    uint64_t n = 0;
    if (accept("<")) {
      if (!number(n) || !expect(">"))
        return false;
      for (uint64_t i = 0; i < n; ++i)
        scopes[scope].regs[name + std::to_string(i)] = f.numRegs++;
    } else {
      scopes[scope].regs[name] = f.numRegs++;
    }
  } while (accept(","));
  return expect(";");
}

bool Parser::lookupReg(const std::string &name, uint32_t &reg) {
  for (int s = scope; s >= 0; s = scopes[s].parent) {
    auto it = scopes[s].regs.find(name);
    if (it != scopes[s].regs.end()) {
      reg = it->second;
      return true;
    }
  }
  return false;
}

// A parameter named as an operand becomes a symbol of the param space.
int Parser::paramSymbol(Function &f, const std::string &name) {
  for (size_t i = 0; i < f.params.size(); ++i)
    if (f.params[i].name == name) {
      Symbol s;
      s.name = name;
      s.space = Space::Param;
      s.paramIndex = int(i);
      f.symbols.push_back(s);
      return int(f.symbols.size()) - 1;
    }
  return -1;
}

int Parser::findSymbol(const Function &f, const std::string &name) const {
  for (size_t i = 0; i < f.symbols.size(); ++i)
    if (f.symbols[i].name == name)
      return int(i);
  return -1;
}

bool Parser::parseInstruction(Function &f) {
  Inst inst;
  inst.line = toks[pos].line;
  size_t start = pos;
  if (accept("@")) {
    inst.guarded = true;
    inst.guardNeg = accept("!");
    if (!lookupReg(peek(), inst.guard))
      return fail("unknown predicate '%s'", peek().c_str());
    ++pos;
  }
  std::string opcode = peek();
  inst.form = opcode;
  ++pos;
  while (peek() != ";") {
    Operand o;
    if (!parseOperand(f, o))
      return false;
    if (o.kind == Operand::Label)
      labelUses.push_back({uint32_t(f.code.size()), uint32_t(inst.ops.size()),
                           toks[pos - 1].text, scope});
    inst.ops.push_back(std::move(o));
    if (!accept(",") && peek() != ";" && !accept("|"))
      return fail("unexpected '%s' in an operand list", peek().c_str());
  }
  for (size_t i = start; i < pos; ++i)
    inst.text += (i > start ? " " : "") + toks[i].text;
  ++pos; // ';'
  std::string why;
  if (!decodeInstruction(opcode, inst, why)) {
    error = "PTX line " + std::to_string(inst.line) + ": " + why + ": " +
            inst.text;
    return false;
  }
  f.code.push_back(std::move(inst));
  return true;
}

bool Parser::parseImmediate(Operand &o) {
  bool neg = accept("-");
  const std::string &t = peek();
  uint64_t v = 0;
  if (t.size() == 10 && (t[1] == 'f' || t[1] == 'F') && t[0] == '0') {
    v = std::strtoull(t.c_str() + 2, nullptr, 16); // 0fXXXXXXXX: f32 bits
    if (neg)
      v ^= 0x80000000u;
  } else if (t.size() == 18 && (t[1] == 'd' || t[1] == 'D') && t[0] == '0') {
    v = std::strtoull(t.c_str() + 2, nullptr, 16);
    if (neg)
      v ^= 0x8000000000000000ull;
  } else if (parseInteger(t, v)) {
    if (neg)
      v = -v;
  } else {
    return fail("expected an operand, found '%s'", t.c_str());
  }
  ++pos;
  o.kind = Operand::Imm;
  o.imm = int64_t(v);
  return true;
}

bool Parser::parseAddress(Function &f, Operand &o) {
  o.kind = Operand::Addr;
  std::string base = peek();
  ++pos;
  uint32_t reg;
  if (lookupReg(base, reg)) {
    o.hasBase = true;
    o.reg = reg;
  } else if ((o.sym = findSymbol(f, base)) < 0 &&
             (o.sym = paramSymbol(f, base)) < 0) {
    return fail("unknown address base '%s'", base.c_str());
  }
  if (accept("+")) {
    Operand off;
    if (!parseImmediate(off))
      return false;
    o.imm = off.imm;
  } else if (peek() == "-") {
    Operand off;
    if (!parseImmediate(off))
      return false;
    o.imm = off.imm;
  }
  if (accept(",")) { // a tensor operand: [tensorMap, {coordinates}]
    Operand coords;
    if (!parseOperand(f, coords))
      return false;
    if (coords.kind != Operand::Vec)
      return fail("expected the coordinates of a tensor operand");
    o.elems = std::move(coords.elems);
  }
  return expect("]");
}

bool parseSreg(const std::string &t, Sreg &s) {
  static const std::map<std::string, Sreg> names = {
      {"%tid.x", Sreg::TidX}, {"%tid.y", Sreg::TidY}, {"%tid.z", Sreg::TidZ},
      {"%ntid.x", Sreg::NtidX}, {"%ntid.y", Sreg::NtidY},
      {"%ntid.z", Sreg::NtidZ}, {"%ctaid.x", Sreg::CtaidX},
      {"%ctaid.y", Sreg::CtaidY}, {"%ctaid.z", Sreg::CtaidZ},
      {"%nctaid.x", Sreg::NctaidX}, {"%nctaid.y", Sreg::NctaidY},
      {"%nctaid.z", Sreg::NctaidZ}, {"%laneid", Sreg::Laneid},
      {"%warpid", Sreg::Warpid}, {"%nwarpid", Sreg::Nwarpid},
      {"%cluster_ctarank", Sreg::ClusterCtarank},
      {"%cluster_nctarank", Sreg::ClusterNctarank},
      {"%dynamic_smem_size", Sreg::DynSmem},
      {"%total_smem_size", Sreg::TotalSmem},
      {"%clusterid.x", Sreg::ClusteridX}, {"%clusterid.y", Sreg::ClusteridY},
      {"%clusterid.z", Sreg::ClusteridZ},
      {"%nclusterid.x", Sreg::NclusteridX},
      {"%nclusterid.y", Sreg::NclusteridY},
      {"%nclusterid.z", Sreg::NclusteridZ},
      {"%cluster_ctaid.x", Sreg::ClusterCtaidX},
      {"%cluster_ctaid.y", Sreg::ClusterCtaidY},
      {"%cluster_ctaid.z", Sreg::ClusterCtaidZ},
      {"%cluster_nctaid.x", Sreg::ClusterNctaidX},
      {"%cluster_nctaid.y", Sreg::ClusterNctaidY},
      {"%cluster_nctaid.z", Sreg::ClusterNctaidZ},
      {"%globaltimer", Sreg::Globaltimer}, {"%clock", Sreg::Clock},
      {"%clock64", Sreg::Clock64},
      {"%lanemask_lt", Sreg::LanemaskLt}, {"%lanemask_le", Sreg::LanemaskLe},
      {"%lanemask_eq", Sreg::LanemaskEq}, {"%lanemask_ge", Sreg::LanemaskGe},
      {"%lanemask_gt", Sreg::LanemaskGt}};
  auto it = names.find(t);
  if (it == names.end())
    return false;
  s = it->second;
  return true;
}

bool Parser::parseOperand(Function &f, Operand &o) {
  if (accept("[")) // an address
    return parseAddress(f, o);
  if (accept("{")) {
    o.kind = Operand::Vec;
    do {
      Operand e;
      if (!parseOperand(f, e))
        return false;
      o.elems.push_back(std::move(e));
    } while (accept(","));
    return expect("}");
  }
  if (accept("_")) {
    o.kind = Operand::Sink;
    return true;
  }
  o.negate = accept("!");
  const std::string &t = peek();
  if (t.empty())
    return fail("missing operand");
  if (lookupReg(t, o.reg)) {
    o.kind = Operand::Reg;
    ++pos;
    return true;
  }
  if (parseSreg(t, o.sreg)) {
    o.kind = Operand::Special;
    ++pos;
    return true;
  }
  if (t[0] == '%')
    return fail("unknown register '%s'", t.c_str());
  if ((o.sym = findSymbol(f, t)) >= 0 || (o.sym = paramSymbol(f, t)) >= 0) {
    o.kind = Operand::Sym;
    ++pos;
    return true;
  }
  if (std::isalpha(static_cast<unsigned char>(t[0])) || t[0] == '$' ||
      t[0] == '_') {
    o.kind = Operand::Label;
    ++pos;
    return true;
  }
  return parseImmediate(o);
}

bool Parser::resolveLabels(Function &f) {
  for (const LabelUse &u : labelUses) {
    bool found = false;
    for (int s = u.scope; s >= 0 && !found; s = scopes[s].parent) {
      auto it = scopes[s].labels.find(u.name);
      if (it != scopes[s].labels.end()) {
        f.code[u.inst].ops[u.operand].imm = it->second;
        found = true;
      }
    }
    if (!found) {
      error = "PTX line " + std::to_string(f.code[u.inst].line) +
              ": unknown label or symbol '" + u.name + "'";
      return false;
    }
  }
  return true;
}

// 9.7.16 (tcgen05.alloc): "All tcgen05 instructions within a kernel must
// specify the same value for the .cta_group qualifier."
bool Parser::checkCtaGroup(const Function &f) {
  const Inst *first = nullptr;
  for (const Inst &in : f.code) {
    if (in.op != Op::TcAlloc && in.op != Op::TcDealloc &&
        in.op != Op::TcRelinquish && in.op != Op::TcMma &&
        in.op != Op::TcCommit)
      continue;
    if (!first) {
      first = &in;
    } else if (in.pair != first->pair) {
      error = "PTX line " + std::to_string(in.line) + ": .cta_group::" +
              (in.pair ? "2" : "1") + " after .cta_group::" +
              (first->pair ? "2" : "1") + " on line " +
              std::to_string(first->line) +
              ": all tcgen05 instructions of a kernel must use the same "
              ".cta_group";
      return false;
    }
  }
  return true;
}

uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

// Lays out the shared window (static variables from kSharedBase, then the
// dynamic part), the local depot and the parameter buffer.
bool Parser::layoutFunction(Function &f) {
  uint64_t shared = kSharedBase, local = 0;
  for (Symbol &s : f.symbols) {
    if (s.space == Space::Shared && !s.isExtern) {
      shared = alignUp(shared, s.align);
      s.offset = shared;
      shared += s.size;
    } else if (s.space == Space::Local) {
      local = alignUp(local, s.align);
      s.offset = local;
      local += s.size;
    }
  }
  f.sharedStatic = shared - kSharedBase;
  for (const Symbol &s : f.symbols)
    if (s.space == Space::Shared && s.isExtern)
      f.sharedDynAlign = std::max(f.sharedDynAlign, s.align);
  uint64_t dyn = alignUp(shared, f.sharedDynAlign);
  for (Symbol &s : f.symbols)
    if (s.space == Space::Shared && s.isExtern)
      s.offset = dyn;
  f.localBytes = local;
  uint64_t p = 0;
  for (Param &q : f.params) {
    p = alignUp(p, q.align);
    q.offset = p;
    p += q.size;
  }
  f.paramBytes = p;
  return true;
}

} // namespace

Module *parseModule(const char *ptx, std::string &error) {
  std::vector<Token> toks;
  if (!tokenize(ptx, toks, error))
    return nullptr;
  auto m = std::make_unique<Module>();
  Parser p(std::move(toks), *m);
  if (!p.run()) {
    error = p.error;
    return nullptr;
  }
  return m.release();
}

void destroyModule(Module *m) { delete m; }

const std::string &moduleTarget(const Module &m) { return m.target; }

} // namespace uop::emu
