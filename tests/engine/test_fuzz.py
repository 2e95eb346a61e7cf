"""Issue 33's probe kept as tests: replays, saves and bridge requests mutated at random
(hypothesis; the cases and checks are tests/support/fuzz_cases.py's). A few hundred cases here,
the same on every run; `python bench/fuzz.py` runs thousands of new ones."""
from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_cases import JSON, check_public, check_replay, check_request, check_save, mutants, requests

FUZZ = settings(max_examples=60, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(mutants())
def test_a_mutated_replay_is_loaded_or_refused_with_a_short_problem(data: dict[str, Any]) -> None:
    check_replay(data)


@FUZZ
@given(mutants(), st.sampled_from(["resume", "replay_open"]))
def test_a_mutated_save_is_resumed_or_refused_never_an_engine_failure(data: dict[str, Any], method: str) -> None:
    check_save(data, method)


@FUZZ
@given(requests())
def test_any_request_is_answered_as_json_and_bad_input_is_never_an_engine_failure(request: tuple[str, dict[str, Any]]) -> None:
    check_request(*request)


@FUZZ
@given(JSON)
def test_the_public_functions_refuse_junk_with_value_error(value: Any) -> None:
    check_public(value)
