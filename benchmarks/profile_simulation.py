"""A profile of the Skurling simulator: seeded matches played as the benchmark plays them.

    pyinstrument benchmarks/profile_simulation.py [random|scripted] [MATCHES]

(``make profile`` runs it.) What the profile shows and what was done about it is on the
site's performance page (docs/explanation/performance.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# The benchmark module sits beside this script.
from run import simulation

if __name__ == "__main__":
    policy = sys.argv[1] if len(sys.argv) > 1 else "random"
    matches = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    for line in simulation((policy, policy), matches, 8):
        print(f"{line['name']}: {line['value']} {line['unit']} ({line['baseline']})")
