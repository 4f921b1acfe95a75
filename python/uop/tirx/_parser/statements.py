"""Statements and control flow: the prim_func itself, assignments, `with`, `for`, `if`.

Python scoping is mapped onto SSA: names reassigned in a loop become ``iter_args``, names assigned in
a branch become ``scf.if`` results, and names first bound inside a region are hidden after it (with
an error saying where they were defined).
"""

import ast
import builtins

import numpy as np

from .._types import BufferType, ScalarType, type_text
from .core import TxScriptError, Value, _is_py_scalar, _is_scalar_val, _is_val


class StatementsMixin:
    """``run`` (the prim_func) and a ``stmt_<ast class>`` per supported statement."""

    def run(self):
        """The ``tirx.prim_func`` text: parameters from the annotations, then the body."""
        f = self.fdef
        a = f.args
        if a.vararg or a.kwarg or a.kwonlyargs or a.posonlyargs:
            raise self.error(f, "prim_func parameters must be plain positional parameters")
        try:
            hints = dict(self.func.__annotations__)
        except AttributeError:
            hints = {}
        params = []
        for arg in a.args:
            ann = hints.get(arg.arg)
            if isinstance(ann, str) or ann is None:
                if arg.annotation is None:
                    raise self.error(arg, f"parameter {arg.arg!r} needs an annotation: "
                                          f"Tx.Buffer(shape, dtype) or a scalar type (Tx.int32)")
                ann = self.meta(arg.annotation, "a parameter annotation")
            if isinstance(ann, BufferType):
                t = ann
            elif isinstance(ann, ScalarType):
                t = ann.mlir
            elif ann in (int, float, builtins.bool):
                t = {int: "index", float: "f32", builtins.bool: "i1"}[ann]
            else:
                raise self.error(arg, f"parameter {arg.arg!r}: annotation {ann!r} is neither "
                                      f"Tx.Buffer(...) nor a scalar type")
            v = Value(self.fresh(arg.arg), t)
            self.env[arg.arg] = v
            params.append(v)
        body = f.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                and isinstance(body[0].value.value, str):
            body = body[1:]
        self.stmts(body)
        self.emit("tirx.return", None)
        sig = ", ".join(f"{p.name}: {type_text(p.type)}" for p in params)
        attrs = ""
        if self.reference is not None:
            attrs = f" attributes {{tirx.reference = #tirx.reference<{self.reference}>}}"
        head = f"tirx.prim_func @{self.name}({sig}){attrs} {{"
        return "\n".join([head] + self.block.lines + ["}" + self.loc(f)]) + "\n"

    # -- statements ------------------------------------------------------------------------
    def stmts(self, body):
        for i, s in enumerate(body):
            if isinstance(s, ast.Return):
                if s.value is not None and not (isinstance(s.value, ast.Constant) and s.value.value is None):
                    raise self.error(s, "prim_funcs return nothing")
                if i != len(body) - 1:
                    raise self.error(s, "`return` must be the last statement")
                return
            self.stmt(s)

    def stmt(self, s):
        m = getattr(self, "stmt_" + type(s).__name__, None)
        if m is None:
            raise self.error(s, f"`{type(s).__name__}` statements are not supported in a TIRx script")
        try:
            m(s)
        except TxScriptError:
            raise
        except RecursionError:
            raise self.error(s, "this statement is nested too deeply") from None
        except Exception as e:
            # A script the parser does not understand must still be reported at its line,
            # never as a bare Python exception from inside the parser.
            raise self.error(s, f"cannot translate this statement ({type(e).__name__}: {e})") from e

    def stmt_Pass(self, s):
        pass

    def stmt_Expr(self, s):
        v = s.value
        if isinstance(v, ast.Constant) and isinstance(v.value, str):
            return  # a string used as a comment
        if not isinstance(v, ast.Call):
            raise self.error(s, "this expression statement has no effect (only calls can stand alone)")
        self.expr(v)

    def stmt_Assign(self, s):
        if len(s.targets) == 1 and isinstance(s.targets[0], ast.Subscript):
            self.store(s.targets[0], s.value, s)
            return
        hint = None
        t0 = s.targets[0]
        if isinstance(t0, ast.Name):
            hint = t0.id
        elif isinstance(t0, (ast.Tuple, ast.List)) and all(isinstance(e, ast.Name) for e in t0.elts):
            hint = [e.id for e in t0.elts]
        value = self.expr(s.value, hint)
        for t in s.targets:
            self.assign(t, value, s)

    def assign(self, target, value, s):
        if isinstance(target, ast.Name):
            self.bind_name(target.id, value, target)
        elif isinstance(target, (ast.Tuple, ast.List)):
            if not isinstance(value, (tuple, list)):
                raise self.error(target, f"cannot unpack {self.describe(value)}")
            if len(value) != len(target.elts):
                raise self.error(target, f"{len(target.elts)} names for {len(value)} values")
            for t, v in zip(target.elts, value):
                self.assign(t, v, s)
        elif isinstance(target, ast.Subscript):
            raise self.error(target, "a subscript inside a multiple assignment is not supported")
        else:
            raise self.error(target, "only names, tuples of names and buffer elements can be assigned")

    def bind_name(self, name, value, node):
        self.env[name] = value
        self.hidden.pop(name, None)

    def stmt_AnnAssign(self, s):
        if s.value is None:
            raise self.error(s, "an annotated name needs a value: x: Tx.int32 = 0")
        if not isinstance(s.target, ast.Name):
            raise self.error(s, "only a name can be annotated")
        t = self.dtype(s.annotation, self.meta(s.annotation, "a type annotation"), "a type annotation")
        v = self.expr(s.value, s.target.id)
        if _is_val(v):
            v = self.cast(v, t, s, s.target.id) if v.type != t else v
        else:
            v = self.coerce(v, t, s)
        self.bind_name(s.target.id, v, s.target)

    def stmt_AugAssign(self, s):
        if isinstance(s.target, ast.Name):
            cur = self.lookup(s.target)
            v = self.binop(s.op, cur, self.expr(s.value), s, s.target.id)
            self.bind_name(s.target.id, v, s.target)
        elif isinstance(s.target, ast.Subscript):
            load = ast.Subscript(value=s.target.value, slice=s.target.slice, ctx=ast.Load())
            ast.copy_location(load, s.target)
            self.store(s.target, ast.copy_location(ast.BinOp(left=load, op=s.op, right=s.value), s), s)
        else:
            raise self.error(s, "unsupported augmented assignment target")

    def store(self, target, value_node, s):
        buf = self.expr(target.value)
        if not (_is_val(buf) and buf.is_buffer):
            raise self.error(target, f"cannot store into {self.describe(buf)}")
        idx_nodes = self.subscript_items(target)
        if any(isinstance(i, ast.Slice) for i in idx_nodes):
            raise self.error(target, "storing into a slice is not supported; use a tile primitive "
                                     "(Tx.<scope>.copy / fill)")
        idx = self.indices(buf, idx_nodes, target)
        v = self.expr(value_node)
        v = self.coerce(v, buf.type.dtype, s, "stored value")
        ilist = ", ".join(i.name for i in idx)
        self.emit(f"tirx.buffer_store {v.name}, {buf.name}[{ilist}] : {buf.type.mlir}", s)

    def stmt_With(self, s):
        if len(s.items) != 1:
            raise self.error(s, "one context per `with`")
        item = s.items[0]
        ce = item.context_expr
        fn = self.resolve_callee(ce.func) if isinstance(ce, ast.Call) else None
        if getattr(fn, "_tx_intrinsic", None) != "device_entry":
            raise self.error(s, "the only `with` of a script is `with Tx.device_entry():`")
        if ce.args or ce.keywords or item.optional_vars is not None:
            raise self.error(s, "Tx.device_entry() takes no arguments and binds no name")
        if self.device_depth:
            raise self.error(s, "device_entry regions do not nest")
        saved = dict(self.env)
        self.push()
        self.device_depth += 1
        try:
            self.stmts(s.body)
        finally:
            self.device_depth -= 1
        b = self.pop()
        self.emit("tirx.device_entry {")
        self.block.lines.extend(b.lines)
        self.emit("}", s)
        self.restore_env(saved, f"the device_entry at line {self._pos(s)[0]}")

    def restore_env(self, saved, where, keep=()):
        for k in self.env:
            if k not in saved and k not in keep:
                self.hidden[k] = where
        self.env = saved

    @staticmethod
    def assigned_names(stmts):
        out = []
        for st in stmts:
            for n in ast.walk(st):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id not in out:
                    out.append(n.id)
        return out

    def carried_ok(self, name):
        v = self.env.get(name)
        return _is_scalar_val(v) or _is_py_scalar(v)

    def tile_schedule(self, s, it):
        """``for m, n, i in Tx.tile_schedule(worker, [M, N], group=G)``: tirx.tile_schedule."""
        t = s.target
        if not (isinstance(t, ast.Tuple) and len(t.elts) == 3
                and all(isinstance(e, ast.Name) for e in t.elts)):
            raise self.error(t, "a tile schedule binds three names: `for m, n, it in "
                                "Tx.tile_schedule(...)` (M tile, N tile, the worker's iteration)")
        kw = {k.arg: k.value for k in it.keywords}
        if len(it.args) != 2 or set(kw) - {"group"}:
            raise self.error(it, "Tx.tile_schedule(worker, [M, N], group=G) takes a worker id, "
                                 "the tile counts and an optional group")
        worker = self.expr(it.args[0])
        if not (_is_val(worker) and worker.type == "index" and not worker.is_buffer):
            raise self.error(it, f"the worker is a grid's scope id, not {self.describe(worker)}")
        counts = self.meta(it.args[1], "the tile counts")
        if not isinstance(counts, (list, tuple)) or len(counts) != 2:
            raise self.error(it, f"the tile counts are [M, N], got {counts!r}")
        tiles = []
        for c in counts:
            if isinstance(c, (int, np.integer)):
                tiles.append(str(int(c)))
            else:
                tiles.append(self.coerce(c, "index", it, "tile count").name)
        group = self.meta(kw["group"], "a group") if "group" in kw else 1
        if not isinstance(group, (int, np.integer)) or group < 1:
            raise self.error(it, f"group is a positive integer constant, got {group!r}")
        for n in self.assigned_names(s.body):
            if n in self.env and _is_val(self.env[n]) and n not in [e.id for e in t.elts]:
                raise self.error(s, f"{n!r} is reassigned in the tile schedule's body; a tile "
                                    f"schedule carries no values out")
        saved = dict(self.env)
        body = self.push()
        names = []
        for e in t.elts:
            v = Value(self.fresh(e.id), "index")
            self.env[e.id] = v
            names.append(v.name)
        self.stmts(s.body)
        self.pop()
        self.restore_env(saved, f"the tile schedule at line {self._pos(s)[0]}")
        self.emit(f"tirx.tile_schedule {worker.name} tiles [{', '.join(tiles)}] group {int(group)} "
                  f"({', '.join(names)}) {{")
        self.block.lines.extend(body.lines)
        self.emit("}", s)

    def stmt_For(self, s):
        if s.orelse:
            raise self.error(s, "for ... else is not supported")
        it = s.iter
        if isinstance(it, ast.Call) and getattr(self.resolve_callee(it.func), "_tx_intrinsic",
                                                None) == "tile_schedule":
            return self.tile_schedule(s, it)
        if not isinstance(s.target, ast.Name):
            raise self.error(s.target, "the loop variable must be a name")
        it = s.iter
        fn = self.resolve_callee(it.func) if isinstance(it, ast.Call) else None
        kind = getattr(fn, "_tx_intrinsic", None)
        if fn is not builtins.range and kind not in ("serial", "unroll"):
            raise self.error(it, "loops must be `for i in range(...)` (scf.for), Tx.serial(...) or "
                                 "Tx.unroll(...) (unrolled by the parser)")
        if it.keywords or not 1 <= len(it.args) <= 3:
            raise self.error(it, "range takes 1 to 3 positional arguments")
        bounds = [self.expr(a) for a in it.args]
        if len(bounds) == 1:
            bounds = [0, bounds[0], 1]
        elif len(bounds) == 2:
            bounds.append(1)
        lo, hi, step = bounds
        if kind == "unroll":
            if not all(isinstance(b, (int, np.integer)) for b in bounds):
                raise self.error(it, "Tx.unroll needs constant bounds")
            for k in range(int(lo), int(hi), int(step)):
                self.bind_name(s.target.id, k, s.target)
                self.stmts(s.body)
            return
        if isinstance(step, (int, np.integer)) and step <= 0:
            raise self.error(it, "the loop step must be positive")
        lo, hi, step = (self.coerce(b, "index", it, "loop bound") for b in (lo, hi, step))
        carried = [n for n in self.assigned_names(s.body) if n != s.target.id and n in self.env
                   and self.carried_ok(n)]
        for n in self.assigned_names(s.body):
            if n in self.env and not self.carried_ok(n) and _is_val(self.env[n]):
                raise self.error(s, f"{n!r} ({self.describe(self.env[n])}) is reassigned in the loop body; "
                                    f"only scalars can be loop-carried")
        inits = [self.materialize(self.env[n], s) for n in carried]
        saved = dict(self.env)
        body = self.push()
        iv = Value(self.fresh(s.target.id), "index")
        self.env[s.target.id] = iv
        iters = []
        for n, v in zip(carried, inits):
            a = Value(self.fresh(n), v.type)
            self.env[n] = a
            iters.append(a)
        self.stmts(s.body)
        if carried:
            ys = [self.coerce(self.env[n], v.type, s, f"loop-carried {n!r}") for n, v in zip(carried, inits)]
            self.emit(f"scf.yield {', '.join(y.name for y in ys)} : "
                      f"{', '.join(v.type for v in inits)}")
        self.pop()
        self.restore_env(saved, f"the body of the loop at line {self._pos(s)[0]}")
        head = f"scf.for {iv.name} = {lo.name} to {hi.name} step {step.name}"
        if carried:
            res = self.fresh(carried[0] if len(carried) == 1 else "loop")
            head = (f"{res}{':%d' % len(carried) if len(carried) > 1 else ''} = {head} iter_args("
                    + ", ".join(f"{a.name} = {v.name}" for a, v in zip(iters, inits))
                    + ") -> (" + ", ".join(v.type for v in inits) + ")")
            for k, (n, v) in enumerate(zip(carried, inits)):
                self.env[n] = Value(res if len(carried) == 1 else f"{res}#{k}", v.type)
                self.hidden.pop(n, None)
        self.emit(head + " {")
        self.block.lines.extend(body.lines)
        self.emit("}", s)

    def stmt_While(self, s):
        raise self.error(s, "while loops are not supported; use `for i in range(...)`")

    def stmt_If(self, s):
        cond = self.expr(s.test)
        if not _is_val(cond):
            # A Python-level condition: keep only the branch taken.
            self.stmts(s.body if cond else s.orelse)
            return
        if cond.type != "i1":
            raise self.error(s.test, f"the condition has type {cond.type}, expected i1 (a comparison)")
        before = dict(self.env)
        names = self.assigned_names(s.body + s.orelse)
        for n in names:
            if n in before and _is_val(before[n]) and not before[n].is_scalar:
                raise self.error(s, f"{n!r} ({self.describe(before[n])}) is reassigned in a branch; "
                                    f"only scalars can be results of an if")

        def branch(stmts):
            self.env = dict(before)
            b = self.push()
            self.stmts(stmts)
            self.pop()
            return b, self.env

        tb, tenv = branch(s.body)
        eb, eenv = branch(s.orelse) if s.orelse else (None, dict(before))
        self.env = before
        results = []
        for n in names:
            tv, ev = tenv.get(n), eenv.get(n)
            if n in before:
                if tv is before[n] and ev is before[n]:
                    continue
            elif tv is None or ev is None:
                continue
            ok = lambda x: _is_scalar_val(x) or _is_py_scalar(x)
            if not (ok(tv) and ok(ev)):
                continue
            if not _is_val(tv) and not _is_val(ev) and type(tv) is type(ev) and tv == ev:
                self.env[n] = tv
                continue
            t = tv.type if _is_val(tv) else ev.type if _is_val(ev) else self.default_type(tv)
            results.append((n, t, tv, ev))
        if results and eb is None:
            eb = self.push()
            self.pop()
        for b, key in ((tb, 2), (eb, 3)):
            if b is None or not results:
                continue
            self.reenter(b)
            ys = [self.coerce(r[key], r[1], s, f"branch result {r[0]!r}") for r in results]
            self.emit(f"scf.yield {', '.join(y.name for y in ys)} : {', '.join(r[1] for r in results)}")
            self.pop()
        head = f"scf.if {cond.name}"
        if results:
            res = self.fresh(results[0][0] if len(results) == 1 else "if")
            head = f"{res}{':%d' % len(results) if len(results) > 1 else ''} = {head} -> (" \
                   + ", ".join(r[1] for r in results) + ")"
            for k, r in enumerate(results):
                self.env[r[0]] = Value(res if len(results) == 1 else f"{res}#{k}", r[1])
        where = f"a branch of the if at line {self._pos(s)[0]}"
        for n in names:
            if n not in self.env:
                self.hidden[n] = where
        self.emit(head + " {")
        self.block.lines.extend(tb.lines)
        if eb is not None:
            self.emit("} else {")
            self.block.lines.extend(eb.lines)
        self.emit("}", s)
