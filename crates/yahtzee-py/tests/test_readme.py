"""The README's Python session runs as written (a doctest of its marked block)."""

import doctest
import importlib.util
import pathlib
import re

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def test_readme_python_session():
    text = README.read_text()
    block = re.search(r"<!-- python-session[^>]*-->\n```python\n(.*?)```", text, re.S)
    assert block, "the README has no marked Python session"
    test = doctest.DocTestParser().get_doctest(block.group(1), {}, "README", str(README), 0)
    assert len(test.examples) >= 10
    if importlib.util.find_spec("pandas") is None:  # Table.to_frame's lines need pandas
        test.examples = [e for e in test.examples if "frame" not in e.source]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0
