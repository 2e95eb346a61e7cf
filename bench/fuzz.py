"""Issue 33's probe at scale: ``python bench/fuzz.py [CASES] [--browser ROUNDS]``.

Not a timing: the suite's fuzz tests with many more cases, new ones on every run.
  * engine (tests/support/fuzz_cases.py, hypothesis): CASES mutated replays loaded and shown, CASES
    mutated saves resumed and opened through the bridge, CASES bridge requests of any shape, CASES
    junk values given to the public functions. Counted by outcome; the first case that breaks a
    check is printed (shrunk) and the run fails.
  * browser (with --browser): tests/browser/test_fuzz_pages.py with MAHJONG_FUZZ_ROUNDS=ROUNDS, so that
    each of its seeded generators (stored keys, replay files, URL parameters, analyzer hands and
    hashes, puzzle links, parent messages) runs ROUNDS times as many cases, from another seed.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from fuzz_cases import JSON, check_public, check_replay, check_request, check_save, mutants, requests  # noqa: E402


def run(name: str, cases: int, strategy: Any, check: Callable[..., str]) -> None:
    outcomes: Counter[str] = Counter()

    @settings(max_examples=cases, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def each(case: Any) -> None:
        outcomes[check(*case) if isinstance(case, tuple) else check(case)] += 1

    started = time.perf_counter()
    each()
    seconds = time.perf_counter() - started
    print(f"{name:<34} {sum(outcomes.values()):>6} cases in {seconds:6.1f} s: "
          + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))


def main() -> None:
    args = sys.argv[1:]
    rounds = 0
    if "--browser" in args:
        at = args.index("--browser")
        rounds = int(args[at + 1]) if at + 1 < len(args) else 10
        del args[at:at + 2]
    cases = int(args[0]) if args else 1000
    run("replays loaded and shown", cases, mutants(), check_replay)
    run("saves resumed or opened", cases, st.tuples(mutants(), st.sampled_from(["resume", "replay_open"])), check_save)
    run("bridge requests", cases, requests(), check_request)
    run("public functions given junk", cases, st.tuples(JSON), check_public)
    if rounds:
        env = {**os.environ, "MAHJONG_FUZZ_ROUNDS": str(rounds), "MAHJONG_FUZZ_SEED": str(int(time.time()))}
        done = subprocess.run([sys.executable, "-m", "pytest", "tests/browser/test_fuzz_pages.py", "-q", "-p", "no:cacheprovider", "-s"],
                              cwd=ROOT, env=env)
        sys.exit(done.returncode)


if __name__ == "__main__":
    main()
