"""Seller-written text made harmless to display, for the Markdown export and the HTML site alike."""

import re

# control characters would break a table or a terminal; bidi overrides would make a title display as another text
CONTROL = re.compile(r"[\x00-\x1f\x7f\u202a-\u202e\u2066-\u2069]")


def blank_controls(value: object) -> str:
    """`value` as text with control characters and bidi overrides replaced by spaces."""
    return CONTROL.sub(" ", str(value))
