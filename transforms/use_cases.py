"""Use cases and their VRAM floor per GPU, in GB.

- llm: at least 24 GB (G2).
- vision: not under 12 GB (G2).
- beginner: 8 GB (D14: no less than 4 GB, 8 GB preferable).
"""

USE_CASES: dict[str, int] = {"llm": 24, "vision": 12, "beginner": 8}
