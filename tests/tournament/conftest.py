"""A folder of bots for the tournament's tests."""

import pytest
from broken_bots import BROKEN, KAGGLE_STYLE


@pytest.fixture
def bots_dir(tmp_path):
    """A folder with a bot for each way of breaking, and a ConnectX-style bot that works."""
    for name, (code, _) in BROKEN.items():
        (tmp_path / f"{name}.py").write_text(code)
    (tmp_path / "kaggle_style.py").write_text(KAGGLE_STYLE)
    return tmp_path
