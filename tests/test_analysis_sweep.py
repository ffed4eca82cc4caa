"""The paired sweep's arms (:mod:`experiments.shared.analysis_sweep`); its blocks are played by
the commit sweep's tests (``tests/test_commit.py``) and the card's."""

from __future__ import annotations

import numpy as np
import pytest

from experiments.shared.analysis_sweep import NOSEEK, focal_arm
from sim.errors import InputError


def test_noseek_variant_is_a_parameter_row():
    arm = focal_arm("greedy", NOSEEK)
    ev = focal_arm("greedy", "ev")
    assert arm.slot.base_id == ev.slot.base_id and arm.slot.taming_id == ev.slot.taming_id
    differs = np.flatnonzero(arm.slot.base_params != ev.slot.base_params)
    assert len(differs) == 1 and arm.slot.base_params[differs[0]] == 0.0
    with pytest.raises(InputError):
        focal_arm("greedy", "sometimes")
