"""Prints the elements of a 1-d little-endian .npy file (stdlib only).

npy_print.py FILE [--as CODE] [--first N]: `--as` reinterprets the bytes
as another struct code of the same size (f: float32, i: int32); floats
print with repr (0.5, 1.5), integers as integers.
"""
import ast
import struct
import sys

path, args = sys.argv[1], sys.argv[2:]
data = open(path, 'rb').read()
assert data[:6] == b'\x93NUMPY', path
hlen = struct.unpack('<H', data[8:10])[0]
header = ast.literal_eval(data[10:10 + hlen].decode('latin1'))
code = {'<f4': 'f', '<i4': 'i', '<f8': 'd', '<i8': 'q', '|i1': 'b'}[header['descr']]
if '--as' in args:
    code = args[args.index('--as') + 1]
body = data[10 + hlen:]
n = len(body) // struct.calcsize(code)
vals = struct.unpack('<%d%s' % (n, code), body)
if '--first' in args:
    vals = vals[:int(args[args.index('--first') + 1])]
print(*[(v if isinstance(v, int) else repr(float(v))) for v in vals])
