"""Use cases and their VRAM floor per GPU, in GB.

- llm: at least 24 GB (G2).
- vision: not under 12 GB (G2).
- beginner: 8 GB (D14: no less than 4 GB, 8 GB preferable).
"""

USE_CASES: dict[str, int] = {"llm": 24, "vision": 12, "beginner": 8}

# the use cases whose buyer may put a card into the desktop they have (D6: a card of about 200 W): the beginner's
# by D6 itself, and a vision student's (the first screen offers both the beginner tier's own-desktop machine); a
# hotter card of these says it needs a machine built for it (twenty-ninth review: vision picks of 300 W said nothing)
OWN_DESKTOP_USE_CASES = ("beginner", "vision")
