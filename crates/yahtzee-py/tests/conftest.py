"""Every test's default tables go to a fresh folder, never the checkout's data/."""

import os
import tempfile

os.environ["YAHTZEE_DATA_DIR"] = tempfile.mkdtemp(prefix="yahtzee-pytest-")
