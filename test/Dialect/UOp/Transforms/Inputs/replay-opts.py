"""Pins each kernel's recorded schedule: copies the applied_opts of every
kernel in HEURISTIC (uop-optimize's output) into the opts_to_apply of the
same kernel in BEFORE (its input) and prints the result, so that running
uop-optimize on it replays the recorded schedules (optimize-replay.test).
Fails when a kernel of HEURISTIC has no counterpart in BEFORE."""
import re
import sys

SINK = re.compile(r'info <name = "([^"]+)"([^>]*?)applied_opts = (\[[^\]]*\])')
before, heuristic = (open(p).read() for p in sys.argv[1:3])
recorded = {m.group(1): m.group(3) for m in SINK.finditer(heuristic)}
if not recorded:
    sys.exit("replay-opts.py: no applied_opts in " + sys.argv[2])
for name, opts in recorded.items():
    plain = 'info <name = "%s">' % name
    if plain not in before:
        sys.exit("replay-opts.py: no plain kernel info for " + name)
    before = before.replace(
        plain, 'info <name = "%s", opts_to_apply = %s>' % (name, opts))
sys.stdout.write(before)
